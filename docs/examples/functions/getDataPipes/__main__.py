import pulumi
import pulumi_observability as observability

pipes = observability.get_data_pipes_output()
pulumi.export("dataPipes", pipes.items)
