using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var config = new Config();
    var slackUrl = config.Require("slackUrl");
    var teamSlack = new Observability.Webhook("teamSlack", new()
    {
        Name = "Team Slack",
        Service = Observability.WebhookService.Slack,
        Url = slackUrl,
        Description = "The checkout team's channel",
    });

    return new Dictionary<string, object?>
    {
        ["webhookId"] = teamSlack.Id,
    };
});

