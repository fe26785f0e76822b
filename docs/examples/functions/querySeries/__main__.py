import pulumi
import pulumi_observability as observability

config = pulumi.Config()
logs_source_id = config.require("logsSourceId")
errors = observability.query_series_output(start_time=1767225600000,
    end_time=1767229200000,
    granularity=observability.QuerySeriesGranularity.VALUE5M,
    series=[{
        "source_id": logs_source_id,
        "agg_fn": observability.AggFn.COUNT,
        "where": "SeverityText:error",
    }])
pulumi.export("errorsPerBucket", errors.items)
