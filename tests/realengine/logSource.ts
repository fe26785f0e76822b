/**
 * A log source for the examples' tiles to read, made by a Pulumi YAML stack of its own through the provider plugin: a
 * connection and a source of kind `log`. The examples' dashboards take it from config (YAML) or find it with
 * `getSources` (Go, Python).
 */
import { CliStack } from "./cliStack";
import { yamlProject } from "./plugin";
import type { PulumiCli } from "./pulumiCli";
import type { Target } from "./targets";

/** The seed stack's program: a connection and a log source; its output `logsSourceId`. */
const SEED = `name: observability-yaml-seed
runtime: yaml
config:
  enginePassword:
    type: string
    secret: true
resources:
  engine:
    type: observability:index:Connection
    properties:
      name: yaml engine
      host: http://localhost:8123
      username: observability
      password: \${enginePassword}
  logs:
    type: observability:index:Source
    properties:
      kind: log
      name: YAML logs
      connection: \${engine.id}
      from:
        databaseName: otel
        tableName: otel_logs
      timestampValueExpression: TimestampTime
      defaultTableSelectExpression: Timestamp, ServiceName, SeverityText, Body
      serviceNameExpression: ServiceName
      severityTextExpression: SeverityText
      bodyExpression: Body
      implicitColumnExpression: Body
outputs:
  logsSourceId: \${logs.id}
`;

/** The seed's source name, as `getSources` lists it. */
export const SEED_SOURCE_NAME = "YAML logs";

/** A seeded log source and the stack that holds it (destroy and remove it when done). */
export interface SeededLogSource {
    readonly stack: CliStack;
    readonly logsSourceId: string;
}

/**
 * Makes the log source on the target with `pulumi up` of the seed program.
 * @param env the environment of its commands (a `PATH` that finds the plugin)
 */
export async function seedLogSource(cli: PulumiCli, target: Target, env: NodeJS.ProcessEnv): Promise<SeededLogSource> {
    const stack = await CliStack.init(cli, { projectDir: yamlProject(cli, "yaml-seed", SEED, false), env });
    await stack.configure(target.config());
    await stack.configSet("enginePassword", "engine-pw-yaml-5e1d", true);
    await stack.up();
    return { stack, logsSourceId: String((await stack.outputs()).logsSourceId) };
}
