package generated_program;

import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.core.Output;
import com.pulumi.observability.PipesCdcScaling;
import com.pulumi.observability.PipesCdcScalingArgs;
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
        var cdcScaling = new PipesCdcScaling("cdcScaling", PipesCdcScalingArgs.builder()
            .replicaCpuMillicores(2000)
            .replicaMemoryGb(8.0)
            .build());

    }
}
