package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.PipeReversePrivateEndpoint;
import com.pulumi.observability.PipeReversePrivateEndpointArgs;
import java.util.List;
import java.util.ArrayList;
import java.util.Map;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Paths;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    public static void stack(Context ctx) {
        var kafkaEndpoint = new PipeReversePrivateEndpoint("kafkaEndpoint", PipeReversePrivateEndpointArgs.builder()
            .description("Kafka brokers in the production VPC")
            .type("VPC_ENDPOINT_SERVICE")
            .vpcEndpointServiceName("com.amazonaws.vpce.eu-west-1.vpce-svc-0123456789abcdef0")
            .build());

        ctx.export("endpointId", kafkaEndpoint.id());
    }
}
