import pulumi
import pulumi_observability as observability

sources_var = observability.get_sources_output()
pulumi.export("sources", sources_var.items)
