import pulumi
import pulumi_observability as observability

ana = observability.TeamMember("ana",
    email="ana@example.com",
    name="Ana")
pulumi.export("anaStatus", ana.status)
