package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.Alert;
import com.pulumi.observability.AlertArgs;
import com.pulumi.observability.inputs.AlertChannelArgs;
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
        final var dashboardId = config.get("dashboardId");
        final var errorsTileId = config.get("errorsTileId");
        final var webhookId = config.get("webhookId");
        var errorsHigh = new Alert("errorsHigh", AlertArgs.builder()
            .name("checkout: error rate")
            .source("tile")
            .dashboardId(dashboardId)
            .tileId(errorsTileId)
            .threshold(100.0)
            .thresholdType("above")
            .interval("5m")
            .numConsecutiveWindows(2)
            .channel(AlertChannelArgs.builder()
                .type("webhook")
                .webhookId(webhookId)
                .build())
            .build());

        ctx.export("alertState", errorsHigh.state());
    }
}
