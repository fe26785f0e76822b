package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.DataPipe;
import com.pulumi.observability.DataPipeArgs;
import com.pulumi.observability.inputs.DataPipeSourceArgs;
import com.pulumi.observability.inputs.DataPipeSourceKafkaArgs;
import com.pulumi.observability.inputs.DataPipeSecretsArgs;
import com.pulumi.observability.inputs.DataPipeSecretsCredentialsArgs;
import com.pulumi.observability.inputs.DataPipeDestinationArgs;
import com.pulumi.observability.inputs.DestinationTableDefinitionArgs;
import com.pulumi.observability.inputs.DestinationTableDefinitionEngineArgs;
import com.pulumi.observability.inputs.FieldMappingsArgs;
import com.pulumi.observability.inputs.DataPipeScalingArgs;
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
        final var config = ctx.config();
        final var kafkaPassword = config.get("kafkaPassword");
        var orders = new DataPipe("orders", DataPipeArgs.builder()
            .name("orders-from-kafka")
            .source(DataPipeSourceArgs.builder()
                .kafka(DataPipeSourceKafkaArgs.builder()
                    .format("JSONEachRow")
                    .brokers("broker-1.example.com:9092")
                    .topics("orders")
                    .authentication("SCRAM-SHA-512")
                    .build())
                .build())
            .secrets(DataPipeSecretsArgs.builder()
                .credentials(DataPipeSecretsCredentialsArgs.builder()
                    .username("ingest")
                    .password(kafkaPassword)
                    .build())
                .build())
            .destination(DataPipeDestinationArgs.builder()
                .table("orders")
                .managedTable(true)
                .tableDefinition(DestinationTableDefinitionArgs.builder()
                    .engine(DestinationTableDefinitionEngineArgs.builder()
                        .type("MergeTree")
                        .build())
                    .sortingKey("ts")
                    .build())
                .columns(                
                    DestinationColumnsArgs.builder()
                        .name("ts")
                        .type("DateTime64(3)")
                        .build(),
                    DestinationColumnsArgs.builder()
                        .name("payload")
                        .type("String")
                        .build())
                .build())
            .fieldMappings(            
                FieldMappingsArgs.builder()
                    .sourceField("ts")
                    .destinationField("ts")
                    .build(),
                FieldMappingsArgs.builder()
                    .sourceField("payload")
                    .destinationField("payload")
                    .build())
            .scaling(DataPipeScalingArgs.builder()
                .replicas(2)
                .build())
            .build());

    }
}
