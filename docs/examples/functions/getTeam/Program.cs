using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var team = Observability.GetTeam.Invoke();

    return new Dictionary<string, object?>
    {
        ["teamId"] = team.Apply(getTeamResult => getTeamResult.Id),
        ["teamName"] = team.Apply(getTeamResult => getTeamResult.Name),
    };
});

