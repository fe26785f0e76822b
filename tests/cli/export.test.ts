import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import ts from "typescript";
import { packageSchema } from "../../provider/plugin/schema";
import { resourceToken } from "../../provider/plugin/tokens";
import { main } from "../../sdk/cli/main";
import { USAGE } from "../../sdk/cli/args";
import type { Emulator } from "../emulator";
import { REPO_ROOT } from "../harness/paths";
import { runProgram } from "../harness/program";
import { cdcScalingState, reversePrivateEndpointsState } from "../emulator/routes/pipeNetworking";
import { pipesState } from "../emulator/routes/pipes";
import { queryEndpointState } from "../emulator/routes/queryEndpoint";
import { seedTeam } from "../emulator/store/fixtures";
import { cloudRequest, EmulatedStack, useEmulatedStack } from "../support/emulatedStack";

const TMP = path.join(REPO_ROOT, "tests", ".tmp-export");
const PROJECT = "exported";

/** Secret values the hand-made pipes were created with: none may appear in the generated files. */
const HAND_SECRETS = {
    kafkaPassword: "kafka-pw-5be1d3",
    registryPassword: "registry-pw-77c2",
    tlsKey: "-----BEGIN PRIVATE KEY-----\nMIIEhandmadekey93f0\n-----END PRIVATE KEY-----",
    serviceAccount: "eyJzZXJ2aWNlIjoiYWNjb3VudC05YTQxIn0=",
    streamSecret: "stream-secret-0d8e",
    dbPassword: "db-pw-c4a9",
    mysqlPassword: "mysql-pw-1f7a",
    mongoPassword: "mongo-pw-8b3e",
    topicKey: "eyJ0b3BpYyI6ImtleS01YzJkIn0=",
    warehouseKey: "eyJ3YXJlaG91c2UiOiJrZXktN2UxMCJ9",
    slackToken: "slack-token-4e7f21",
};

/** Runs the exporter in this process; stderr is not a terminal unless asked. */
async function runExport(
    emu: Emulator,
    args: string[],
    options: { env?: Record<string, string>; tty?: boolean } = {},
): Promise<{ status: number; stdout: string; stderr: string }> {
    let stdout = "";
    let stderr = "";
    const env = {
        ...emu.env(),
        OBSERVABILITY_RETRY_BASE_DELAY_MS: "1",
        OBSERVABILITY_RETRY_BUDGET_MS: "200",
        OBSERVABILITY_SELF_HOSTED_RATE_LIMIT: "10000/1s",
        OBSERVABILITY_CLOUD_RATE_LIMIT: "10000/1s",
        ...options.env,
    };
    const status = await main(["export", ...args], {
        stdout: { write: (text: string) => (stdout += text) },
        stderr: { isTTY: options.tty, write: (text: string) => (stderr += text) },
        env,
    });
    return { status, stdout, stderr };
}

/** One call of an observability API straight to the emulator (objects "made by hand"). */
async function observabilityCall(
    emu: Emulator,
    variant: "self-hosted" | "managed",
    method: string,
    apiPath: string,
    body?: unknown,
): Promise<Record<string, unknown>> {
    if (variant === "managed") {
        const { credentials } = emu;
        const response = await cloudRequest(
            emu,
            method,
            `/v1/organizations/${credentials.organizationId}/services/${credentials.serviceId}/observability${apiPath}`,
            body,
        );
        assert.equal(response.status, 200, JSON.stringify(response.json));
        return (response.json as { result: Record<string, unknown> }).result;
    }
    const response = await fetch(`${emu.url}/api/v2${apiPath}`, {
        method,
        headers: { authorization: `Bearer ${emu.credentials.apiKey}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { data: Record<string, unknown> };
    assert.equal(response.status, 200, JSON.stringify(json));
    return json.data;
}

interface HandMade {
    dashboards: Record<string, { id: string; tileIds: Record<string, string> }>;
    /** The second "Chart" tile of the dashboard with repeated tile names. */
    legacyTileId: string;
    alerts: Record<string, string>;
    pipes: Record<string, string>;
    endpointId: string;
    /** Webhooks and saved searches the program declares, with what their secret config must hold. */
    webhooks: Record<string, { id: string; url: string }>;
    savedSearches: Record<string, string>;
    /** The reverse private endpoint the "audit (mTLS)" kafka pipe reaches its brokers through. */
    reversePrivateEndpointId: string;
}

/** Dashboards, alerts, one pipe per kind (each with secrets), the query endpoint and private endpoints, made by hand. */
async function makeObjects(emu: Emulator): Promise<HandMade> {
    const logs = emu.fixtures.sources.logs.id;
    const { slack, generic } = emu.fixtures.webhooks;
    const dashboard = async (name: string, tiles: { name: string; displayType: string }[], extra: Record<string, unknown> = {}) => {
        const made = await observabilityCall(emu, "self-hosted", "POST", "/dashboards", {
            name,
            tiles: tiles.map((tile, i) => ({
                name: tile.name,
                x: (i % 2) * 12,
                y: Math.floor(i / 2) * 4,
                w: 12,
                h: 4,
                config:
                    tile.displayType === "markdown"
                        ? { displayType: "markdown", markdown: `about ${name}` }
                        : { displayType: tile.displayType, sourceId: logs, select: [{ aggFn: "count", where: `service:${tile.name.toLowerCase()}` }] },
            })),
            ...extra,
        });
        const tileIds = Object.fromEntries((made.tiles as { id: string; name: string }[]).map((tile) => [tile.name, tile.id]));
        return { id: made.id as string, tileIds };
    };
    const web = await dashboard(
        "Web service",
        [
            { name: "Errors", displayType: "line" },
            { name: "Requests", displayType: "number" },
            { name: "Notes", displayType: "markdown" },
        ],
        {
            tags: ["web", "prod", "web"],
            savedQuery: "level:error",
            filters: [
                { type: "QUERY_EXPRESSION", name: "Service", expression: "ServiceName", sourceId: logs },
                // A variable whose name is not the one the server derives from the filter's name.
                { type: "QUERY_EXPRESSION", name: "Environment", expression: "Env", sourceId: logs, isVariableEnabled: true, variableName: "deployEnv" },
            ],
        },
    );
    const checkout = await dashboard("Checkout", [
        { name: "Latency", displayType: "line" },
        { name: "get", displayType: "line" },
    ]);
    const checkoutCopy = await dashboard("Checkout", [{ name: "Latency", displayType: "line" }]);
    const legacy = await dashboard("Legacy", [
        { name: "Chart", displayType: "line" },
        { name: "Chart", displayType: "line" },
    ]);
    const legacyTiles = (await observabilityCall(emu, "self-hosted", "GET", `/dashboards/${legacy.id}`)).tiles as { id: string }[];

    const webhook = async (body: Record<string, unknown>) => ({
        id: (await observabilityCall(emu, "self-hosted", "POST", "/webhooks", body)).id as string,
        url: String(body.url),
    });
    const webhooks = {
        pager: await webhook({ name: "Pager", service: "slack", url: `https://hooks.slack.com/services/T1/B1/${HAND_SECRETS.slackToken}` }),
        incidents: await webhook({
            name: "Incidents",
            service: "incidentio",
            url: "https://api.incident.io/v2/alert_events/http/01",
            body: '{"title": "{{title}}"}',
            headers: { Authorization: "Bearer incident-key" },
        }),
        relay: { id: generic.id, url: generic.url },
    };
    const savedSearch = async (body: Record<string, unknown>) =>
        (await observabilityCall(emu, "self-hosted", "POST", "/saved-searches", { sourceId: logs, ...body })).id as string;
    const savedSearches = {
        checkout: emu.fixtures.savedSearch.id,
        slow: await savedSearch({
            name: "Slow requests",
            where: "Duration > 1000",
            whereLanguage: "sql",
            filters: [{ condition: "ServiceName IN ('web', 'api')" }],
            tags: ["perf"],
        }),
    };
    const channel = (webhookId: string) => ({ type: "webhook", webhookId });
    const alert = async (body: Record<string, unknown>) =>
        (await observabilityCall(emu, "self-hosted", "POST", "/alerts", { threshold: 5, thresholdType: "above", interval: "5m", ...body })).id as string;
    const alerts = {
        errors: await alert({
            name: "Too many errors",
            source: "tile",
            dashboardId: web.id,
            tileId: web.tileIds.Errors,
            channel: channel(slack.id),
            message: "Errors: {{value}}",
        }),
        requests: await alert({
            source: "tile",
            dashboardId: web.id,
            tileId: web.tileIds.Requests,
            channels: [channel(slack.id), channel(generic.id)],
            thresholdType: "between",
            threshold: 1,
            thresholdMax: 9,
        }),
        latency: await alert({
            name: "Checkout latency",
            source: "tile",
            dashboardId: checkout.id,
            tileId: checkout.tileIds.Latency,
            channel: channel(generic.id),
            interval: "15m",
            scheduleOffsetMinutes: 5,
        }),
        reserved: await alert({ name: "Checkout get", source: "tile", dashboardId: checkout.id, tileId: checkout.tileIds.get, channel: channel(generic.id) }),
        legacy: await alert({ name: "Legacy chart", source: "tile", dashboardId: legacy.id, tileId: legacyTiles[1].id, channel: channel(slack.id) }),
        search: await alert({
            name: "Quiet search",
            source: "saved_search",
            savedSearchId: emu.fixtures.savedSearch.id,
            groupBy: "ServiceName",
            thresholdType: "below",
            interval: "1h",
            channel: channel(generic.id),
        }),
        slow: await alert({
            name: "Slow",
            source: "saved_search",
            savedSearchId: savedSearches.slow,
            channels: [channel(webhooks.pager.id), channel(webhooks.incidents.id), channel(slack.id)],
        }),
    };

    const { credentials } = emu;
    const service = `/v1/organizations/${credentials.organizationId}/services/${credentials.serviceId}`;
    const columns = [
        { name: "id", type: "String" },
        { name: "ts", type: "DateTime64(3)" },
    ];
    const table = (name: string) => ({
        table: name,
        managedTable: true,
        tableDefinition: { engine: { type: "MergeTree" }, sortingKey: ["ts", "id"] },
        columns,
    });
    const fieldMappings = columns.map((column) => ({ sourceField: column.name, destinationField: column.name }));
    const pipe = async (body: Record<string, unknown>) => {
        const response = await cloudRequest(emu, "POST", `${service}/pipes`, body);
        assert.equal(response.status, 200, JSON.stringify(response.json));
        const id = (response.json as { result: { id: string } }).result.id;
        // A GET by id moves a new pipe one state further: let it settle as a hand-made pipe would have.
        for (let i = 0; i < 4; i++) await cloudRequest(emu, "GET", `${service}/pipes/${id}`);
        return id;
    };
    const rpe = await cloudRequest(emu, "POST", `${service}/pipesReversePrivateEndpoints`, {
        description: "audit brokers",
        type: "VPC_ENDPOINT_SERVICE",
        vpcEndpointServiceName: "com.amazonaws.vpce.us-east-1.vpce-svc-0123456789abcdef0",
    });
    const reversePrivateEndpointId = (rpe.json as { result: { id: string } }).result.id;
    // A GET moves the endpoint one status further: Provisioning, then Ready.
    let rpeDnsName = "";
    for (let i = 0; i < 2; i++) {
        const read = await cloudRequest(emu, "GET", `${service}/pipesReversePrivateEndpoints/${reversePrivateEndpointId}`);
        rpeDnsName = (read.json as { result: { dnsNames: string[] } }).result.dnsNames[0];
    }
    const pipes = {
        orders: await pipe({
            name: "orders",
            source: {
                kafka: {
                    format: "AvroConfluent",
                    brokers: "broker-1:9092",
                    topics: "orders",
                    authentication: "SCRAM-SHA-256",
                    credentials: { username: "ingest", password: HAND_SECRETS.kafkaPassword },
                    schemaRegistry: {
                        url: "https://registry.example",
                        authentication: "PLAIN",
                        credentials: { username: "reader", password: HAND_SECRETS.registryPassword },
                    },
                },
            },
            destination: table("orders"),
            fieldMappings,
        }),
        audit: await pipe({
            name: "audit (mTLS)",
            source: {
                kafka: {
                    format: "JSONEachRow",
                    brokers: "broker-2:9093",
                    topics: "audit",
                    authentication: "MUTUAL_TLS",
                    credentials: { certificate: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----", privateKey: HAND_SECRETS.tlsKey },
                    reversePrivateEndpointIds: [reversePrivateEndpointId],
                },
            },
            destination: table("audit"),
            fieldMappings,
        }),
        files: await pipe({
            name: "files",
            source: {
                objectStorage: {
                    type: "gcs",
                    format: "JSONEachRow",
                    url: "https://storage.example/bucket/*.json",
                    authentication: "SERVICE_ACCOUNT",
                    serviceAccountKey: HAND_SECRETS.serviceAccount,
                },
            },
            destination: table("files"),
            fieldMappings,
        }),
        clicks: await pipe({
            name: "clicks",
            source: {
                kinesis: {
                    format: "JSONEachRow",
                    streamName: "clicks",
                    region: "eu-west-1",
                    iteratorType: "LATEST",
                    authentication: "IAM_USER",
                    accessKey: { accessKeyId: "AKIAHANDMADE", secretKey: HAND_SECRETS.streamSecret },
                },
            },
            destination: table("clicks"),
            fieldMappings,
        }),
        replica: await pipe({
            name: "replica",
            source: {
                postgres: {
                    host: "db.example",
                    database: "shop",
                    credentials: { username: "replicator", password: HAND_SECRETS.dbPassword },
                    settings: { replicationMode: "cdc" },
                    tableMappings: [{ sourceSchemaName: "public", sourceTable: "orders", targetTable: "shop_orders" }],
                },
            },
            destination: { database: "replica" },
        }),
        events: await pipe({
            name: "events topic",
            source: {
                pubsub: {
                    format: "JSONEachRow",
                    projectId: "analytics",
                    topic: "events",
                    authentication: "SERVICE_ACCOUNT",
                    seekType: "earliest",
                    ackDeadline: 60,
                    serviceAccountKey: { serviceAccountFile: HAND_SECRETS.topicKey },
                },
            },
            destination: table("events"),
            fieldMappings,
        }),
        // Reached through the reverse private endpoint: its host is the endpoint's first DNS name.
        shop: await pipe({
            name: "shop (mysql)",
            source: {
                mysql: {
                    host: rpeDnsName,
                    port: 3306,
                    credentials: { username: "binlog", password: HAND_SECRETS.mysqlPassword },
                    settings: { replicationMode: "cdc", syncIntervalSeconds: 30 },
                    tableMappings: [{ sourceSchemaName: "shop", sourceTable: "carts", targetTable: "shop_carts" }],
                },
            },
            destination: { database: "replica" },
        }),
        users: await pipe({
            name: "users (mongodb)",
            source: {
                mongodb: {
                    uri: "mongodb+srv://cluster.example.net",
                    readPreference: "secondaryPreferred",
                    credentials: { username: "reader", password: HAND_SECRETS.mongoPassword },
                    settings: { replicationMode: "cdc" },
                    tableMappings: [{ sourceDatabaseName: "app", sourceCollection: "users", targetTable: "app_users" }],
                },
            },
            destination: { database: "replica" },
        }),
        warehouse: await pipe({
            name: "warehouse",
            source: {
                bigquery: {
                    snapshotStagingPath: "gs://staging/pipes/",
                    credentials: { serviceAccountFile: HAND_SECRETS.warehouseKey },
                    tableMappings: [{ sourceDatasetName: "sales", sourceTable: "orders", targetTable: "sales_orders" }],
                },
            },
            destination: { database: "warehouse" },
        }),
    };
    // The replica pipe made the service's CDC capacity available: size it, and let a GET see the new sizes.
    assert.equal((await cloudRequest(emu, "PATCH", `${service}/pipesCdcScaling`, { replicaCpuMillicores: 4000, replicaMemoryGb: 16 })).status, 200);
    for (let i = 0; i < 2; i++) await cloudRequest(emu, "GET", `${service}/pipesCdcScaling`);
    const endpoint = await cloudRequest(emu, "POST", `${service}/serviceQueryEndpoint`, {
        roles: ["sql_console_read_only"],
        openApiKeys: ["key-b", "key-a"],
        allowedOrigins: "app.example, admin.example",
    });
    const organization = await cloudRequest(emu, "PATCH", `/v1/organizations/${credentials.organizationId}`, {
        privateEndpoints: {
            add: [
                { id: "vpce-0b", description: "Office", cloudProvider: "aws", region: "eu-west-1" },
                { id: "vpce-0a", description: "Runners", cloudProvider: "gcp", region: "europe-west4" },
            ],
        },
    });
    assert.equal(organization.status, 200);
    emu.clearRequests();
    return {
        dashboards: { web, checkout, checkoutCopy, legacy },
        legacyTileId: legacyTiles[1].id,
        alerts,
        pipes,
        endpointId: (endpoint.json as { result: { id: string } }).result.id,
        webhooks,
        savedSearches,
        reversePrivateEndpointId,
    };
}

/** Writes nothing else into the repository: each test's program lives in a fresh directory under tests/.tmp-export. */
const madeDirs: string[] = [];
function freshDir(name: string): string {
    const dir = path.join(TMP, `${name}-${process.pid}`);
    madeDirs.push(dir);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    return dir;
}

/** Type-checks the generated program against the package's published types, as a user's `tsc` would. */
function typeCheck(file: string): string[] {
    const program = ts.createProgram([file], {
        strict: true,
        noEmit: true,
        noUnusedLocals: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.CommonJS,
        moduleResolution: ts.ModuleResolutionKind.Node10,
        types: ["node"],
        skipLibCheck: true,
        esModuleInterop: true,
    });
    return ts.getPreEmitDiagnostics(program).map((d) => {
        const where = d.file && d.start !== undefined ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: ` : "";
        return `${where}${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    });
}

/** The secret config keys the program's comments tell the user to set, and those its code requires. */
function secretKeysOf(index: string): { told: string[]; required: string[] } {
    const told = [...index.matchAll(/^\s*\/\/\s+pulumi config set --secret (\S+)$/gm)].map((m) => m[1]);
    const required = [...index.matchAll(/config\.requireSecret\("([^"]+)"\)/g)].map((m) => m[1]);
    return { told, required };
}

/** Every object a test made, so that each test starts from the emulator's fixtures alone. */
function forgetObjects({ emu }: EmulatedStack): void {
    for (const team of [emu.store.selfHosted, emu.store.managed]) {
        team.dashboards.clear();
        team.alerts.clear();
        // A round trip destroys what it adopted, fixtures included: start again from them alone.
        team.webhooks.clear();
        team.savedSearches.clear();
        seedTeam(team, emu.fixtures);
    }
    emu.store.selfHosted.connections.set(emu.fixtures.connection.id, structuredClone(emu.fixtures.connection));
    pipesState(emu.cloud).pipes.clear();
    queryEndpointState(emu.cloud).endpoint = undefined;
    reversePrivateEndpointsState(emu.cloud).endpoints.clear();
    Object.assign(cdcScalingState(emu.cloud), { current: undefined, pending: undefined });
    emu.cloud.organization.privateEndpoints = [];
}

/** What exists remotely: ids per collection, the query endpoint and the organization. */
function remoteObjects(emu: Emulator): string {
    return JSON.stringify({
        teams: emu.inventory(),
        pipes: [...pipesState(emu.cloud).pipes.keys()],
        endpoint: queryEndpointState(emu.cloud).endpoint,
        organization: emu.cloud.organization,
        reversePrivateEndpoints: [...reversePrivateEndpointsState(emu.cloud).endpoints.values()],
        cdcScaling: cdcScalingState(emu.cloud).current,
    });
}

/** The declaration (comment lines and statement) of one resource in a generated program. */
function declarationOf(index: string, className: string, resourceName: string): string {
    const block = index.split("\n\n").find((part) => part.includes(`new observability.${className}(${JSON.stringify(resourceName)}, `));
    assert.ok(block, `${className} ${resourceName} is declared`);
    return block;
}

/** The bulk-import file's entries as `<SDK class> <resource name> <id>`, sorted; every type a resource of the plugin's schema. */
function importedObjects(file: string): string[] {
    const { resources } = JSON.parse(readFileSync(file, "utf8")) as { resources: { type: string; name: string; id: string }[] };
    const schema = packageSchema();
    for (const entry of resources) {
        assert.deepEqual(Object.keys(entry).sort(), ["id", "name", "type"], "each entry says its type, name and id, and nothing else");
        assert.ok(entry.type in schema.resources, `${entry.type} is a resource of schema.json`);
    }
    return resources.map(({ type, name, id }) => `${type.slice(resourceToken("").length)} ${name} ${id}`).sort();
}

/** The stack's resources as `<SDK class> <resource name> <id>`, sorted (URN `…::pulumi-nodejs:dynamic/observability:<Class>::<name>`). */
function stateObjects(engine: EmulatedStack["engine"]): string[] {
    return [...engine.state]
        .map(([urn, state]) => {
            const [type, name] = urn.split("::").slice(-2);
            return `${type.split(":").pop()} ${name} ${state.id}`;
        })
        .sort();
}

describe("export: the command that writes a program adopting existing objects", function () {
    this.timeout(120_000);
    const stack = useEmulatedStack(forgetObjects);
    const writes = () => stack.emu.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

    after(function () {
        // KEEP_EXPORT=1 keeps the generated programs for inspection.
        if (!process.env.KEEP_EXPORT) for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
    });

    it("round trip: the exported program adopts every object without a write; refresh and preview then change nothing", async function () {
        const made = await makeObjects(stack.emu);
        const before = remoteObjects(stack.emu);
        const dir = freshDir("round-trip");

        const importFile = path.join(dir, "import", "objects.json");
        const exported = await runExport(stack.emu, ["--kinds", "all", "--out", dir, "--project", PROJECT, "--import-file", importFile]);
        assert.equal(exported.status, 0, exported.stderr);
        assert.equal(exported.stderr, "", "quiet when stderr is not a terminal");
        assert.equal(exported.stdout, "");
        assert.deepEqual(writes(), [], "the export only reads");

        const index = readFileSync(path.join(dir, "index.ts"), "utf8");
        const readme = readFileSync(path.join(dir, "README.md"), "utf8");
        assert.match(readFileSync(path.join(dir, "Pulumi.yaml"), "utf8"), new RegExp(`^name: ${PROJECT}$`, "m"));
        for (const value of Object.values(HAND_SECRETS)) {
            for (const line of value.split("\n").filter((l) => !l.startsWith("-----"))) {
                assert.ok(!index.includes(line) && !readme.includes(line), `the secret ${JSON.stringify(line)} is not in the generated files`);
            }
        }
        assert.match(index, /import \* as observability from "pulumi-observability";/);
        // Values equal to the server's defaults are left out, at any depth (the round trip below still plans nothing).
        assert.deepEqual(index.match(/valueExpression: ""|asRatio: false|where: ""|whereLanguage: "lucene"/g) ?? [], []);
        assert.match(readme, /\b1 query endpoint, 1 organization\./, "counts in words, singular for one");
        assert.match(readme, /read from the secret config keys above/);
        // References as code: the alerts on tiles point at their dashboard's outputs.
        assert.match(index, /dashboardId: dashboardWebService\.id,\n\s+tileId: dashboardWebService\.tileId\("Errors"\),/);
        assert.match(index, /tileId: dashboardCheckout\.tileId\("get"\)/, "a tile named like an Output member is named as any other");
        // A kafka pipe reaches its brokers through the declared reverse private endpoint, by reference.
        assert.match(index, /const (endpoint\w+) = new observability\.PipeReversePrivateEndpoint\("audit-brokers", [^]*reversePrivateEndpointIds: \[\1\.id\]/);
        // The CDC capacity depends on the change-capturing pipes (it exists only with them); one size is enough.
        assert.match(
            index,
            /new observability\.PipesCdcScaling\("cdc-scaling", \{[^}]*replicaMemoryGb: 16 \}, \{ dependsOn: \[pipeReplica, pipeShopMysql, pipeUsersMongodb\] \}\);/,
        );
        // A database pipe whose host is the endpoint's DNS name references the endpoint; the pipes' scaling is kept.
        assert.match(declarationOf(index, "DataPipe", "shop-mysql"), /host: endpointAuditBrokers\.dnsNames\.apply\(\(names\) => names\[0\]\),/);
        assert.match(declarationOf(index, "DataPipe", "orders"), /scaling: \{ replicas: 1, replicaCpuMillicores: 500, replicaMemoryGb: 2 \},/);
        assert.match(declarationOf(index, "DataPipe", "files"), /scaling: \{ concurrency: 0 \},/);
        for (const kind of ["kafka", "objectStorage", "kinesis", "pubsub", "postgres", "mysql", "mongodb", "bigquery"])
            assert.match(index, new RegExp(`\\(${kind} source, (Running|Snapshot|Completed)\\)`), `a ${kind} pipe is declared`);
        // Resource names: slugs, unique.
        assert.match(index, /new observability\.Dashboard\("checkout", /);
        assert.match(index, /new observability\.Dashboard\("checkout-2", /);
        // The dashboard with repeated tile names is declared like any other (its tiles are keyed Chart#1, Chart#2);
        // its alert keeps literal ids (the alert export names tiles by name only).
        assert.equal(declarationOf(index, "Dashboard", "legacy").match(/name: "Chart",/g)?.length, 2);
        assert.doesNotMatch(index, /Dashboard "Legacy" \(id [0-9a-f]{24}\) is not declared/);
        const legacyAlert = declarationOf(index, "Alert", "legacy-chart");
        assert.match(
            legacyAlert,
            /^\/\/ The dashboard and tile ids are literal: the dashboard has several tiles named "Chart", so its `tileIds` cannot name this one\.$/m,
        );
        assert.ok(legacyAlert.includes(`dashboardId: "${made.dashboards.legacy.id}",`) && legacyAlert.includes(`tileId: "${made.legacyTileId}",`));
        // Unmanaged referenced objects are literal ids with a comment naming them.
        assert.match(index, /webhookId: "[0-9a-f]{24}", \/\/ webhook "Team Slack"/);
        // Connections and sources are declared, and referenced by what uses them; a source that references one
        // declared below it (a cycle: logs ↔ traces) keeps the id text with a comment.
        assert.match(index, /^const connectionLocalEngine = new observability\.Connection\("local-engine", \{$/m);
        // The API never says whether a connection has a password: one without must not need one.
        assert.match(index, /password: config\.getSecret\("local-engine-password"\),/);
        assert.match(
            readme,
            /^pulumi config set --secret local-engine-password '<value>' {3}# optional: password of connection "Local engine", if it has one/m,
        );
        // An explicit variable name is declared, or the next update would let the server derive another one.
        assert.match(declarationOf(index, "Dashboard", "web-service"), /name: "Environment",[^}]*variableName: "deployEnv"/);
        assert.match(index, /^const sourceLogs = new observability\.Source\("logs", \{$/m);
        assert.match(declarationOf(index, "Source", "logs"), /connection: connectionLocalEngine\.id,/);
        assert.match(declarationOf(index, "Source", "logs"), /traceSourceId: sourceTraces\.id,/);
        assert.match(declarationOf(index, "Source", "logs"), /metricSourceId: sourceMetrics\.id,/);
        assert.match(declarationOf(index, "Source", "traces"), /metricSourceId: sourceMetrics\.id,/);
        assert.match(declarationOf(index, "Source", "traces"), /logSourceId: "[0-9a-f]{24}", \/\/ data source "Logs"/);
        assert.match(declarationOf(index, "Source", "metrics"), /logSourceId: "[0-9a-f]{24}", \/\/ data source "Logs"/);
        assert.match(index, /sourceId: sourceLogs\.id,/, "tiles reference their source");
        // Saved searches and webhooks of the export are referenced as code; the one webhook the resource refuses (its
        // slack URL is not on slack.com) keeps its literal id.
        assert.match(index, /Webhook "Team Slack" \(slack\) \(id [0-9a-f]{24}\) is not declared: .*url: must be on a host ending in `slack\.com`/);
        const quiet = declarationOf(index, "Alert", "quiet-search");
        assert.match(quiet, /source: "saved_search",/, "the server's name of the source");
        assert.match(quiet, /savedSearchId: savedSearchCheckoutErrors\.id,/);
        assert.match(quiet, /channel: \{ webhookId: webhookOnCallRelay\.id \},/);
        const slow = declarationOf(index, "Alert", "slow");
        assert.match(
            slow,
            /channels: \[\n\s+\{ webhookId: webhookPager\.id \},\n\s+\{ webhookId: webhookIncidents\.id \},\n\s+\{\n\s+type: "webhook",\n\s+webhookId: "[0-9a-f]{24}", \/\/ webhook "Team Slack"/,
        );
        assert.match(slow, /savedSearchId: savedSearchSlowRequests\.id,/);
        assert.match(declarationOf(index, "SavedSearch", "slow-requests"), /filters: \[\{ condition: "ServiceName IN \('web', 'api'\)" \}\]/);
        const incidents = declarationOf(index, "Webhook", "incidents");
        assert.match(incidents, /url: config\.requireSecret\("incidents-url"\),/);
        assert.match(incidents, /headers: config\.getSecretObject<Record<string, string>>\("incidents-headers"\),/);
        assert.match(incidents, /body: config\.getSecret\("incidents-body"\),/);
        // The steps make the user set the write-only values, or say there what the next update clears.
        const steps = readme.slice(readme.indexOf("## Steps"), readme.indexOf("## What the export cannot know"));
        for (const [key, holds] of [
            ["incidents-headers", "headers"],
            ["incidents-query-params", "query parameters"],
            ["incidents-body", "body template"],
        ])
            assert.ok(
                steps.includes(`pulumi config set --secret ${key} `) &&
                    steps.includes(`# optional: ${holds} of webhook "Incidents", if it has any: left unset, its next update clears them`),
                `the steps list ${key}`,
            );
        assert.ok(!/headers|queryParams|body/.test(declarationOf(index, "Webhook", "pager")), "slack takes none of them");

        const { told, required } = secretKeysOf(index);
        assert.deepEqual(told, required, "every secret the code requires has its `pulumi config set --secret` line");
        assert.deepEqual([...required].sort(), [
            "audit-mtls-credentials-certificate",
            "audit-mtls-credentials-private-key",
            "clicks-access-key-access-key-id",
            "clicks-access-key-secret-key",
            "events-topic-service-account-key",
            "files-service-account-key",
            "incidents-url",
            "on-call-relay-url",
            "orders-credentials-password",
            "orders-credentials-username",
            "orders-schema-registry-credentials-password",
            "orders-schema-registry-credentials-username",
            "pager-url",
            "replica-credentials-password",
            "replica-credentials-username",
            "shop-mysql-credentials-password",
            "shop-mysql-credentials-username",
            "users-mongodb-credentials-password",
            "users-mongodb-credentials-username",
            "warehouse-service-account-key",
        ]);
        for (const key of required) assert.ok(readme.includes(`pulumi config set --secret ${key}`), `README lists ${key}`);
        assert.deepEqual(typeCheck(path.join(dir, "index.ts")), [], "the program compiles against the package's types");

        // Apply the program as `pulumi up` would, with the secret config its comments ask for.
        // Webhook URLs are real values: the program must declare what exists. The incidentio webhook's write-only
        // values stay unset (optional), as an export that knows nothing of them leaves them.
        const urls: Record<string, string> = {
            "pager-url": made.webhooks.pager.url,
            "incidents-url": made.webhooks.incidents.url,
            "on-call-relay-url": made.webhooks.relay.url,
        };
        const config = Object.fromEntries(required.map((key) => [`${PROJECT}:${key}`, urls[key] ?? `configured ${key}`]));
        const apply = (mode: "up" | "preview") =>
            runProgram({
                program: path.join(dir, "index.ts"),
                engine: stack.engine,
                config,
                secretKeys: Object.keys(config),
                mode,
                project: PROJECT,
                stack: "dev",
            });
        const applied = await apply("up");
        assert.deepEqual(writes(), [], "adopting a faithful declaration writes nothing");
        assert.equal(remoteObjects(stack.emu), before, "nothing was created, changed or deleted");
        const ids = new Map([...stack.engine.state.values()].map((s) => [s.id, s]));
        const expected = [
            stack.emu.fixtures.connection.id,
            ...Object.values(stack.emu.fixtures.sources).map((source) => source.id),
            made.dashboards.web.id,
            made.dashboards.checkout.id,
            made.dashboards.checkoutCopy.id,
            made.dashboards.legacy.id,
            ...Object.values(made.alerts),
            ...Object.values(made.pipes),
            made.endpointId,
            stack.emu.credentials.organizationId,
            ...Object.values(made.webhooks).map((hook) => hook.id),
            ...Object.values(made.savedSearches),
            made.reversePrivateEndpointId,
            stack.emu.credentials.serviceId,
        ];
        assert.deepEqual([...ids.keys()].sort(), [...expected].sort(), "every declared resource holds its remote object's id");
        assert.equal(applied.created.length, expected.length);
        assert.deepEqual(importedObjects(importFile), stateObjects(stack.engine), "the import file names every object as the stack holds it");
        const replica = [...stack.engine.state.values()].find((s) => s.id === made.pipes.replica);
        assert.deepEqual(replica?.outputs.secrets, {
            credentials: { username: "configured replica-credentials-username", password: "configured replica-credentials-password" },
        });
        const latency = [...stack.engine.state.values()].find((s) => s.id === made.alerts.latency);
        assert.equal(latency?.outputs.tileId, made.dashboards.checkout.tileIds.Latency);

        stack.emu.clearRequests();
        const refreshed = await stack.engine.refresh();
        assert.deepEqual({ updated: refreshed.updated, deleted: refreshed.deleted }, { updated: [], deleted: [] }, "refresh reports no change");
        assert.equal(refreshed.same.length, expected.length);
        const preview = await apply("preview");
        assert.deepEqual(
            { created: preview.created, updated: preview.updated, replaced: preview.replaced, deleted: preview.deleted },
            { created: [], updated: [], replaced: [], deleted: [] },
        );
        assert.equal(preview.same.length, expected.length, "a preview reports every resource the same");
        assert.deepEqual([...new Set(stack.emu.requests.map((r) => r.method))], ["GET"], "refresh and preview only read");
        await stack.engine.destroy();
    });

    it("filters by kind and by name, reading only what it needs", async function () {
        const made = await makeObjects(stack.emu);

        const web = await runExport(stack.emu, ["--kinds", "dashboards", "--name", "/^web/i"]);
        assert.equal(web.status, 0, web.stderr);
        assert.deepEqual(
            [...web.stdout.matchAll(/new observability\.(\w+)\("([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`),
            ["Dashboard web-service"],
        );
        assert.ok(
            stack.emu.requests.every((r) => !/\/alerts|\/pipes|serviceQueryEndpoint|\/webhooks/.test(r.path)),
            "no alert, webhook or cloud request for --kinds dashboards",
        );

        const checkout = await runExport(stack.emu, ["--kinds", "dashboards,alerts", "--name", "checkout"]);
        assert.deepEqual(
            [...checkout.stdout.matchAll(/new observability\.(\w+)\("([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`),
            ["Dashboard checkout", "Dashboard checkout-2", "Alert checkout-get", "Alert checkout-latency"],
        );
        assert.match(checkout.stdout, /tileId: dashboardCheckout\.tileId\("Latency"\)/);
        assert.ok(!checkout.stdout.includes("OrganizationSettings"), "the default kinds of the self-hosted variant, narrowed by --kinds");

        // An alert whose dashboard is filtered out keeps literal ids, with the reason.
        const lone = await runExport(stack.emu, ["--kinds", "alerts", "--name", "too many"]);
        assert.match(lone.stdout, /The dashboard and tile ids are literal: the dashboard is not part of this export\./);
        assert.ok(lone.stdout.includes(`dashboardId: "${made.dashboards.web.id}"`));

        const pipes = await runExport(stack.emu, ["--kinds", "pipes", "--name", "/^(orders|files)$/"]);
        assert.deepEqual(
            [...pipes.stdout.matchAll(/new observability\.(\w+)\("([^"]+)"/g)].map((m) => m[2]),
            ["files", "orders"],
        );
        assert.match(pipes.stdout, /const organizationId = "[0-9a-f-]{36}";/);

        const none = await runExport(stack.emu, ["--kinds", "queryEndpoint,organization", "--name", "nothing like this"]);
        assert.equal(none.status, 0);
        assert.ok(!/new observability\./.test(none.stdout), "the query endpoint has no name and the organization's does not match");
        assert.ok(!/const (organizationId|serviceId) =/.test(none.stdout), "no constant that nothing uses");
        assert.deepEqual(writes(), []);
    });

    it("exports the managed variant: dashboards and alerts of a cloud service, with its organization and service", async function () {
        const logs = stack.emu.fixtures.sources.logs.id;
        const dashboard = await observabilityCall(stack.emu, "managed", "POST", "/dashboards", {
            name: "Managed web",
            tiles: [{ name: "Errors", x: 0, y: 0, w: 12, h: 4, config: { displayType: "line", sourceId: logs, select: [{ aggFn: "count" }] } }],
            filters: [{ type: "QUERY_EXPRESSION", name: "Service", expression: "ServiceName", sourceId: logs }],
        });
        const tileId = (dashboard.tiles as { id: string }[])[0].id;
        const alert = await observabilityCall(stack.emu, "managed", "POST", "/alerts", {
            name: "Managed errors",
            source: "tile",
            dashboardId: dashboard.id,
            tileId,
            threshold: 3,
            thresholdType: "above",
            interval: "5m",
            channel: { type: "webhook", webhookId: stack.emu.fixtures.webhooks.slack.id, webhookService: "slack_api", severity: "warning" },
        });
        const emailed = await observabilityCall(stack.emu, "managed", "POST", "/alerts", {
            name: "Managed emailed",
            source: "tile",
            dashboardId: dashboard.id,
            tileId,
            threshold: 5,
            thresholdType: "above",
            interval: "5m",
            channel: { type: "email", emailRecipients: ["oncall@example.com"] },
        });
        stack.emu.clearRequests();
        const dir = freshDir("managed");
        const exported = await runExport(stack.emu, ["--variant", "managed", "--kinds", "dashboards,alerts", "--out", dir, "--project", PROJECT]);
        assert.equal(exported.status, 0, exported.stderr);
        const index = readFileSync(path.join(dir, "index.ts"), "utf8");
        assert.match(index, /variant: "managed",\n\s+organizationId,\n\s+serviceId,/);
        const readme = readFileSync(path.join(dir, "README.md"), "utf8");
        assert.match(readme, /: 1 dashboard, 2 alerts\./);
        assert.ok(!/secret config key/.test(readme), "no secret keys to mention");
        // The webhook is not exported: its id stays text, named from the managed variant's webhook list.
        assert.match(index, /webhookId: "[0-9a-f]{24}", \/\/ webhook "Team Slack"/);
        assert.match(index, /webhookService: "slack_api",/, "a managed channel's routing fields are declared");
        assert.match(index, /channel: \{ type: "email", emailRecipients: \["oncall@example\.com"\] \},/);
        assert.ok(stack.emu.requests.some((r) => r.method === "GET" && r.path.endsWith("/observability/webhooks")));

        await runProgram({ program: path.join(dir, "index.ts"), engine: stack.engine, config: {}, project: PROJECT, stack: "dev" });
        assert.deepEqual(writes(), []);
        assert.deepEqual([...stack.engine.state.values()].map((s) => s.id).sort(), [dashboard.id, alert.id, emailed.id].sort());
        const refreshed = await stack.engine.refresh();
        assert.deepEqual(refreshed.updated, []);
        await stack.engine.destroy();
    });

    it("exports the managed team's custom roles with their permissions, never a predefined one", async function () {
        const permissions = [
            { action: "manage", subject: "Dashboard", inverted: false, integration: "mongodb" },
            { action: "read", subject: "Source", inverted: true, integration: "mongodb", conditions: { name: "Production" } },
        ];
        const role = await observabilityCall(stack.emu, "managed", "POST", "/roles", {
            name: "Dashboard editors",
            description: "Edit dashboards",
            permissions,
        });
        stack.emu.clearRequests();
        const dir = freshDir("roles");
        const exported = await runExport(stack.emu, ["--variant", "managed", "--kinds", "roles", "--out", dir, "--project", PROJECT]);
        assert.equal(exported.status, 0, exported.stderr);
        const index = readFileSync(path.join(dir, "index.ts"), "utf8");
        assert.match(index, /\/\/ Role "Dashboard editors" \(2 permissions\)\nnew observability\.Role\("dashboard-editors", \{/);
        assert.match(index, /conditions: \{ name: "Production" \}/);
        assert.ok(!/"(Admin|Member|ReadOnly)"/.test(index), "the predefined roles are the service's own");
        assert.match(readFileSync(path.join(dir, "README.md"), "utf8"), /: 1 role\./);

        await runProgram({ program: path.join(dir, "index.ts"), engine: stack.engine, config: {}, project: PROJECT, stack: "dev" });
        assert.deepEqual(writes(), []);
        assert.deepEqual(
            [...stack.engine.state.values()].map((s) => s.id),
            [role.id],
        );
        assert.deepEqual((await stack.engine.refresh()).updated, []);
        await stack.engine.destroy();
    });

    it("shows counts per kind on a terminal, and refuses to overwrite a program without --force", async function () {
        await makeObjects(stack.emu);
        const shown = await runExport(stack.emu, ["--kinds", "dashboards,alerts"], { tty: true });
        assert.equal(shown.status, 0);
        assert.match(shown.stderr, /reading… dashboards 4 · alerts 7\n$/);

        const dir = freshDir("overwrite");
        assert.equal((await runExport(stack.emu, ["--out", dir])).status, 0);
        const again = await runExport(stack.emu, ["--out", dir]);
        assert.equal(again.status, 1);
        assert.match(again.stderr, /index\.ts, .*Pulumi\.yaml, .*README\.md already exist; pass --force to overwrite them/);
        assert.equal((await runExport(stack.emu, ["--out", dir, "--force"])).status, 0);
    });

    it("exits non-zero with the API's message, never the credential, and with usage errors for bad arguments", async function () {
        const wrongKey = "wrong-key-3c9d1e7a";
        const denied = await runExport(stack.emu, [], { env: { OBSERVABILITY_API_KEY: wrongKey } });
        assert.equal(denied.status, 1);
        assert.match(denied.stderr, /^pulumi-observability export: getSources failed: GET \/api\/v2\/sources → HTTP 401/);
        assert.match(denied.stderr, /OBSERVABILITY_API_KEY/);
        assert.ok(!denied.stderr.includes(wrongKey), "the key is never printed");
        assert.equal(denied.stdout, "");

        const unknownService = await runExport(stack.emu, ["--kinds", "pipes", "--service-id", "00000000-0000-4000-8000-000000000000"]);
        assert.equal(unknownService.status, 1);
        assert.match(
            unknownService.stderr,
            /export: list data pipes failed: GET \/v1\/organizations\/[0-9a-f-]+\/services\/00000000-0000-4000-8000-000000000000\/pipes → HTTP 404/,
        );
        assert.ok(!unknownService.stderr.includes(stack.emu.credentials.keySecret));

        const missing = await runExport(stack.emu, ["--kinds", "pipes"], { env: { OBSERVABILITY_KEY_SECRET: "" } });
        assert.equal(missing.status, 1);
        assert.match(missing.stderr, /Missing setting `observability:keySecret` \(environment variable OBSERVABILITY_KEY_SECRET\)/);

        stack.emu.clearRequests();
        for (const [args, message] of [
            [["--kinds", "widgets"], /--kinds: unknown kind "widgets"/],
            [["--variant", "cloud"], /--variant must be self-hosted or managed/],
            [["--organization-id", "not-a-uuid"], /--organization-id must be a UUID/],
            [["--out"], /--out needs a value/],
            [["--bogus"], /unknown option "--bogus"/],
            [["--name", "/(/"], /--name: Invalid regular expression/],
        ] as const) {
            const refused = await runExport(stack.emu, [...args]);
            assert.equal(refused.status, 2, args.join(" "));
            assert.match(refused.stderr, message);
        }
        assert.equal(await main(["import"], { stdout: { write: () => true }, stderr: { write: () => true }, env: {} }), 2);
        assert.deepEqual(stack.emu.requests, [], "bad arguments send nothing");
    });

    it("prints its usage with --help, in process and through the installed bin", async function () {
        let stdout = "";
        assert.equal(await main(["--help"], { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: () => true }, env: {} }), 0);
        assert.equal(stdout, USAGE);

        const bin = (JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { bin: Record<string, string> }).bin["pulumi-observability"];
        assert.equal(bin, "dist/sdk/cli/main.js");
        assert.ok(readFileSync(path.join(REPO_ROOT, bin), "utf8").startsWith("#!/usr/bin/env node\n"));
        const child = await promisify(execFile)(process.execPath, [path.join(REPO_ROOT, bin), "export", "--help"], { cwd: REPO_ROOT });
        assert.equal(child.stdout, USAGE);
        assert.match(child.stdout, /^Usage: pulumi-observability export \[options\]/);
    });
});
