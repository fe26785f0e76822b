using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var config = new Config();
    var connectionId = config.Require("connectionId");
    var logs = new Observability.Source("logs", new()
    {
        Name = "Logs",
        Kind = Observability.SourceKind.Log,
        Connection = connectionId,
        From = new Observability.Inputs.SourceFromArgs
        {
            DatabaseName = "default",
            TableName = "otel_logs",
        },
        TimestampValueExpression = "TimestampTime",
        DefaultTableSelectExpression = "Timestamp, ServiceName, SeverityText, Body",
        SeverityTextExpression = "SeverityText",
        BodyExpression = "Body",
        ServiceNameExpression = "ServiceName",
    });

    return new Dictionary<string, object?>
    {
        ["logsSourceId"] = logs.Id,
    };
});

