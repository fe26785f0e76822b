package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.ObservabilityFunctions;
import com.pulumi.observability.inputs.QuerySeriesArgs;
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
        final var logsSourceId = config.get("logsSourceId");
        final var errors = ObservabilityFunctions.querySeries(QuerySeriesArgs.builder()
            .startTime(1767225600000.0)
            .endTime(1767229200000.0)
            .granularity("5m")
            .series(QuerySeriesSeriesArgs.builder()
                .sourceId(logsSourceId)
                .aggFn("count")
                .where("SeverityText:error")
                .build())
            .build());

        ctx.export("errorsPerBucket", errors.applyValue(_errors -> _errors.items()));
    }
}
