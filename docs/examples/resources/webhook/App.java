package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.Webhook;
import com.pulumi.observability.WebhookArgs;
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
        final var slackUrl = config.get("slackUrl");
        var teamSlack = new Webhook("teamSlack", WebhookArgs.builder()
            .name("Team Slack")
            .service("slack")
            .url(slackUrl)
            .description("The checkout team's channel")
            .build());

        ctx.export("webhookId", teamSlack.id());
    }
}
