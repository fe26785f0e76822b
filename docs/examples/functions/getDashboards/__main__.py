import pulumi
import pulumi_observability as observability

dashboards_var = observability.get_dashboards_output()
pulumi.export("dashboards", dashboards_var.items)
