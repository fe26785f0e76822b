using System.Collections.Generic;
using System.Linq;
using Pulumi;
using Observability = Pulumi.Observability;

return await Deployment.RunAsync(() => 
{
    var kafkaEndpoint = new Observability.PipeReversePrivateEndpoint("kafkaEndpoint", new()
    {
        Description = "Kafka brokers in the production VPC",
        Type = Observability.PipeReversePrivateEndpointType.VPC_ENDPOINT_SERVICE,
        VpcEndpointServiceName = "com.amazonaws.vpce.eu-west-1.vpce-svc-0123456789abcdef0",
    });

    return new Dictionary<string, object?>
    {
        ["endpointId"] = kafkaEndpoint.Id,
    };
});

