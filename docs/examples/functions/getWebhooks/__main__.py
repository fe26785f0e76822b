import pulumi
import pulumi_observability as observability

webhooks_var = observability.get_webhooks_output()
pulumi.export("webhooks", webhooks_var.items)
