package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.TeamMember;
import com.pulumi.observability.TeamMemberArgs;
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
        var ana = new TeamMember("ana", TeamMemberArgs.builder()
            .email("ana@example.com")
            .name("Ana")
            .build());

        ctx.export("anaStatus", ana.status());
    }
}
