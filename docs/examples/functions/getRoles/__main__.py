import pulumi
import pulumi_observability as observability

roles_var = observability.get_roles_output(variant=observability.Variant.MANAGED)
pulumi.export("roles", roles_var.items)
