import pulumi
import pulumi_observability as observability

kafka_endpoint = observability.PipeReversePrivateEndpoint("kafkaEndpoint",
    description="Kafka brokers in the production VPC",
    type=observability.PipeReversePrivateEndpointType.VP_C_ENDPOIN_T_SERVICE,
    vpc_endpoint_service_name="com.amazonaws.vpce.eu-west-1.vpce-svc-0123456789abcdef0")
pulumi.export("endpointId", kafka_endpoint.id)
