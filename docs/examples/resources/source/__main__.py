import pulumi
import pulumi_observability as observability

config = pulumi.Config()
connection_id = config.require("connectionId")
logs = observability.Source("logs",
    name="Logs",
    kind=observability.SourceKind.LOG,
    connection=connection_id,
    from_={
        "database_name": "default",
        "table_name": "otel_logs",
    },
    timestamp_value_expression="TimestampTime",
    default_table_select_expression="Timestamp, ServiceName, SeverityText, Body",
    severity_text_expression="SeverityText",
    body_expression="Body",
    service_name_expression="ServiceName")
pulumi.export("logsSourceId", logs.id)
