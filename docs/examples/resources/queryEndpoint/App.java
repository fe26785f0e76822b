package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.QueryEndpoint;
import com.pulumi.observability.QueryEndpointArgs;
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
        var queries = new QueryEndpoint("queries", QueryEndpointArgs.builder()
            .roles("sql_console_read_only")
            .openApiKeys("0123456789abcdef")
            .allowedOrigins("app.example.com,admin.example.com")
            .build());

    }
}
