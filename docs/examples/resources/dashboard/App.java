package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.Dashboard;
import com.pulumi.observability.DashboardArgs;
import com.pulumi.observability.inputs.DashboardTilesArgs;
import com.pulumi.observability.inputs.DashboardFiltersArgs;
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
        var checkout = new Dashboard("checkout", DashboardArgs.builder()
            .name("checkout service")
            .tags("checkout")
            .tiles(            
                DashboardTilesArgs.builder()
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
                        .build(),
                    DashboardTilesArgs.builder()
                        .name("Runbook")
                        .x(12)
                        .y(0)
                        .w(12)
                        .h(4)
                        .config(Map.ofEntries(
                            Map.entry("displayType", "markdown"),
                            Map.entry("markdown", "Page the owning team first.")
                        ))
                        .build())
                .filters(DashboardFiltersArgs.builder()
                    .name("Service")
                    .expression("ServiceName")
                    .sourceId(logsSourceId)
                    .build())
                .build());

            ctx.export("errorsTileId", checkout.tileIds().applyValue(_tileIds -> _tileIds.Errors()));
        }
}
