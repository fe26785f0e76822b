package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.Role;
import com.pulumi.observability.RoleArgs;
import com.pulumi.observability.inputs.RolePermissionsArgs;
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
        var editors = new Role("editors", RoleArgs.builder()
            .variant("managed")
            .name("Dashboard editors")
            .description("Edit dashboards and saved searches")
            .permissions(            
                RolePermissionsArgs.builder()
                    .action("manage")
                    .subject("Dashboard")
                    .build(),
                RolePermissionsArgs.builder()
                    .action("manage")
                    .subject("SavedSearch")
                    .build(),
                RolePermissionsArgs.builder()
                    .action("read")
                    .subject("all")
                    .build())
            .build());

    }
}
