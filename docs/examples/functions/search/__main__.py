import pulumi
import pulumi_observability as observability

config = pulumi.Config()
logs_source_id = config.require("logsSourceId")
recent_errors_var = observability.search_output(source_id=logs_source_id,
    where="SeverityText:error",
    select="Timestamp,ServiceName,Body",
    max_results=float(20))
pulumi.export("recentErrors", recent_errors_var.items)
