import pulumi
import pulumi_observability as observability

cdc_scaling = observability.PipesCdcScaling("cdcScaling",
    replica_cpu_millicores=2000,
    replica_memory_gb=float(8))
