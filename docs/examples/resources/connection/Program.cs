using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var config = new Config();
    var databasePassword = config.Require("databasePassword");
    var warehouse = new Observability.Connection("warehouse", new()
    {
        Name = "warehouse",
        Host = "https://warehouse.example.com:8443",
        Username = "observability",
        Password = databasePassword,
    });

    return new Dictionary<string, object?>
    {
        ["connectionId"] = warehouse.Id,
    };
});

