package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.Source;
import com.pulumi.observability.SourceArgs;
import com.pulumi.observability.inputs.SourceFromArgs;
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
        final var connectionId = config.get("connectionId");
        var logs = new Source("logs", SourceArgs.builder()
            .name("Logs")
            .kind("log")
            .connection(connectionId)
            .from(SourceFromArgs.builder()
                .databaseName("default")
                .tableName("otel_logs")
                .build())
            .timestampValueExpression("TimestampTime")
            .defaultTableSelectExpression("Timestamp, ServiceName, SeverityText, Body")
            .severityTextExpression("SeverityText")
            .bodyExpression("Body")
            .serviceNameExpression("ServiceName")
            .build());

        ctx.export("logsSourceId", logs.id());
    }
}
