package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.OrganizationSettings;
import com.pulumi.observability.OrganizationSettingsArgs;
import com.pulumi.observability.inputs.OrganizationSettingsPrivateEndpointsArgs;
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
        var organizationResource = new OrganizationSettings("organizationResource", OrganizationSettingsArgs.builder()
            .name("Example Inc.")
            .privateEndpoints(OrganizationSettingsPrivateEndpointsArgs.builder()
                .id("vpce-0123456789abcdef0")
                .description("production VPC")
                .cloudProvider("aws")
                .region("eu-west-1")
                .build())
            .build());

    }
}
