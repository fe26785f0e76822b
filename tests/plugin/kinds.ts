// One declaration of every kind for the plugin's suite: the least each needs, and a change each applies in place.
import type { ProviderKey } from "../../provider/index";
import type { Emulator } from "../emulator";
import { cdcScalingState } from "../emulator/routes/pipeNetworking";
import { provisionDatabasePipe } from "../support/emulatedStack";
import { clicksFromStream } from "../support/pipeInputs";

type Properties = Record<string, unknown>;

/** How the suite declares one kind. */
export interface KindCase {
    /** The SDK class name: the token is `observability:index:<type>`. */
    type: string;
    key: ProviderKey;
    inputs(emu: Emulator): Properties;
    /** The declaration after a change the API applies in place. */
    change(inputs: Properties): Properties;
    /** Write-only inputs an import cannot read back: the program declares them, and the next update sends them. */
    writeOnly?: readonly string[];
    /** Whether deleting the resource only forgets the object (it exists outside the stack). */
    forgets?: boolean;
    /** What the service must hold before the create. */
    prepare?(emu: Emulator): Promise<void>;
}

/** The password of the suite's connection: it must never reach a log, an error or a plain output. */
export const PASSWORD = "pl-connection-secret-8c1f";
/** The token in the suite's webhook URL. */
export const HOOK_TOKEN = "pl-hook-token-51d2";

const renamed = (inputs: Properties): Properties => ({ ...inputs, name: `${String(inputs.name)} 2` });

export const KIND_CASES: readonly KindCase[] = [
    {
        type: "Connection",
        key: "connection",
        inputs: () => ({ name: "Engine", host: "https://engine.example.com:8443", username: "reader", password: PASSWORD }),
        change: renamed,
        writeOnly: ["password"],
    },
    {
        type: "Source",
        key: "source",
        inputs: (emu) => ({
            kind: "log",
            name: "Logs",
            connection: emu.fixtures.connection.id,
            timestampValueExpression: "Timestamp",
            from: { databaseName: "otel", tableName: "otel_logs" },
            defaultTableSelectExpression: "Timestamp, Body",
        }),
        change: renamed,
    },
    {
        type: "Dashboard",
        key: "dashboard",
        inputs: () => ({ name: "Web", tiles: [{ name: "Notes", x: 0, y: 0, w: 4, h: 2, config: { displayType: "markdown", markdown: "hi" } }] }),
        change: renamed,
    },
    {
        type: "SavedSearch",
        key: "savedSearch",
        inputs: (emu) => ({ name: "Errors", sourceId: emu.fixtures.sources.logs.id, where: "level:error" }),
        change: renamed,
    },
    {
        type: "Webhook",
        key: "webhook",
        inputs: () => ({ name: "Relay", service: "generic", url: `https://relay.example.com/in?token=${HOOK_TOKEN}` }),
        change: (inputs) => ({ ...inputs, description: "the relay" }),
    },
    {
        type: "Alert",
        key: "alert",
        inputs: (emu) => ({
            name: "Checkout errors",
            source: "saved_search",
            savedSearchId: emu.fixtures.savedSearch.id,
            threshold: 10,
            thresholdType: "above",
            interval: "5m",
            channel: { webhookId: emu.fixtures.webhooks.slack.id },
        }),
        change: (inputs) => ({ ...inputs, threshold: 20 }),
    },
    {
        type: "Role",
        key: "role",
        inputs: () => ({ variant: "managed", name: "Dashboard editors", permissions: [{ action: "update", subject: "Dashboard" }] }),
        change: (inputs) => ({ ...inputs, description: "Edit every dashboard" }),
    },
    {
        type: "TeamMember",
        key: "teamMember",
        inputs: () => ({ email: "ana@example.com", name: "Ana" }),
        change: (inputs) => ({ ...inputs, name: "Ana B" }),
    },
    {
        type: "PipeReversePrivateEndpoint",
        key: "pipeReversePrivateEndpoint",
        inputs: () => ({
            description: "orders kafka",
            type: "VPC_ENDPOINT_SERVICE",
            vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0123456789abcdef0",
        }),
        change: (inputs) => ({ ...inputs, customPrivateDnsMappings: [{ privateDnsName: "kafka.internal.example.com" }] }),
    },
    {
        type: "DataPipe",
        key: "dataPipe",
        inputs: () => ({ ...clicksFromStream() }),
        change: renamed,
    },
    {
        type: "PipesCdcScaling",
        key: "pipesCdcScaling",
        // The emulator applies a size after one read: polling without pauses never waits on real time.
        async prepare(emu) {
            Object.assign(cdcScalingState(emu.cloud).behaviour, { propagationReads: 1, neverApplies: false });
            await provisionDatabasePipe(emu);
        },
        inputs: () => ({ replicaCpuMillicores: 4000 }),
        change: (inputs) => ({ ...inputs, replicaCpuMillicores: 6000 }),
        forgets: true,
    },
    {
        type: "QueryEndpoint",
        key: "queryEndpoint",
        inputs: () => ({ roles: ["sql_console_admin"], openApiKeys: ["key-a"], allowedOrigins: "app.example.com" }),
        change: (inputs) => ({ ...inputs, allowedOrigins: "app.example.com,admin.example.com" }),
    },
    {
        type: "OrganizationSettings",
        key: "organizationSettings",
        inputs: () => ({ name: "Acme" }),
        change: renamed,
        forgets: true,
    },
];
