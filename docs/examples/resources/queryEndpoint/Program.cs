using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var queries = new Observability.QueryEndpoint("queries", new()
    {
        Roles = new[]
        {
            Observability.QueryEndpointRoles.Sql_console_read_only,
        },
        OpenApiKeys = new[]
        {
            "0123456789abcdef",
        },
        AllowedOrigins = "app.example.com,admin.example.com",
    });

});

