package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.Webhook;
import com.pulumi.observability.WebhookArgs;
import com.pulumi.observability.Dashboard;
import com.pulumi.observability.DashboardArgs;
import com.pulumi.observability.inputs.DashboardTilesArgs;
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
        final var logsSourceId = config.get("logsSourceId");
        final var oncallUrl = config.get("oncallUrl");
        var oncall = new Webhook("oncall", WebhookArgs.builder()
            .name("checkout on-call")
            .service("generic")
            .url(oncallUrl)
            .build());

        var dashboard = new Dashboard("dashboard", DashboardArgs.builder()
            .name("checkout service")
            .tiles(DashboardTilesArgs.builder()
                .name("Errors")
                .x(0)
                .y(0)
                .w(12)
                .h(4)
                .config(Map.ofEntries(
                    Map.entry("displayType", "line"),
                    Map.entry("sourceId", logsSourceId),
                    Map.entry("select", DashboardTilesConfigBuilderLineSelectArgs.builder()
%!v(PANIC=Format method: interface conversion: model.Expression is *model.TemplateExpression, not *model.LiteralValueExpression))
                    ))
                    .build())
                .build());

            var errors = new Alert("errors", AlertArgs.builder()
                .name("checkout errors")
                .source("tile")
                .dashboardId(dashboard.id())
                .tileId(dashboard.tileIds().applyValue(_tileIds -> _tileIds.Errors()))
                .threshold(100.0)
                .thresholdType("above")
                .interval("5m")
                .channel(AlertChannelArgs.builder()
                    .type("webhook")
                    .webhookId(oncall.id())
                    .build())
                .build());

            ctx.export("dashboardId", dashboard.id());
            ctx.export("alertState", errors.state());
        }
}
