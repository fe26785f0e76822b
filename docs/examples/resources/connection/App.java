package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.Connection;
import com.pulumi.observability.ConnectionArgs;
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
        final var databasePassword = config.get("databasePassword");
        var warehouse = new Connection("warehouse", ConnectionArgs.builder()
            .name("warehouse")
            .host("https://warehouse.example.com:8443")
            .username("observability")
            .password(databasePassword)
            .build());

        ctx.export("connectionId", warehouse.id());
    }
}
