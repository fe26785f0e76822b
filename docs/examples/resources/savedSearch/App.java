package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.SavedSearch;
import com.pulumi.observability.SavedSearchArgs;
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
        var checkoutErrors = new SavedSearch("checkoutErrors", SavedSearchArgs.builder()
            .name("checkout errors")
            .sourceId(logsSourceId)
            .where("ServiceName:checkout SeverityText:error")
            .whereLanguage("lucene")
            .tags("checkout")
            .build());

    }
}
