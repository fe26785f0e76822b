using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var config = new Config();
    var logsSourceId = config.Require("logsSourceId");
    var errors = Observability.QuerySeries.Invoke(new()
    {
        StartTime = 1767225600000,
        EndTime = 1767229200000,
        Granularity = Observability.QuerySeriesGranularity.Value5m,
        Series = new[]
        {
            new Observability.Inputs.QuerySeriesSeriesInputArgs
            {
                SourceId = logsSourceId,
                AggFn = Observability.AggFn.Count,
                Where = "SeverityText:error",
            },
        },
    });

    return new Dictionary<string, object?>
    {
        ["errorsPerBucket"] = errors.Apply(querySeriesResult => querySeriesResult.Items),
    };
});

