package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.ObservabilityFunctions;
import com.pulumi.observability.inputs.SearchArgs;
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
        final var recentErrorsVar = ObservabilityFunctions.search(SearchArgs.builder()
            .sourceId(logsSourceId)
            .where("SeverityText:error")
            .select("Timestamp,ServiceName,Body")
            .maxResults(20.0)
            .build());

        ctx.export("recentErrors", recentErrorsVar.applyValue(_recentErrorsVar -> _recentErrorsVar.items()));
    }
}
