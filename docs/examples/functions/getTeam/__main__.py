import pulumi
import pulumi_observability as observability

team = observability.get_team_output()
pulumi.export("teamId", team.id)
pulumi.export("teamName", team.name)
