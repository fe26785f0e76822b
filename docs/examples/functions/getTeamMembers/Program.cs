using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var team = Observability.GetTeamMembers.Invoke();

    return new Dictionary<string, object?>
    {
        ["members"] = team.Apply(getTeamMembersResult => getTeamMembersResult.Members),
        ["invitations"] = team.Apply(getTeamMembersResult => getTeamMembersResult.Invitations),
    };
});

