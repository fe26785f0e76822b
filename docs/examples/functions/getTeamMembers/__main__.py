import pulumi
import pulumi_observability as observability

team = observability.get_team_members_output()
pulumi.export("members", team.members)
pulumi.export("invitations", team.invitations)
