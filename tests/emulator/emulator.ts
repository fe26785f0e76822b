import { randomBytes, randomInt, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type Clock, systemClock } from "./clock";
import { Faults } from "./faults";
import { handleRequest, type PipelineDeps } from "./http/pipeline";
import { ServerNames, type ServerWireNames } from "./http/serverNames";
import { cloudTransport, selfHostedTransport } from "./http/transports";
import { IdFactory, Prng } from "./random";
import { RateLimits } from "./rateLimits";
import { ROUTE_MODULES } from "./routes";
import { buildRouter } from "./routes/registry";
import type { EmulatorStore } from "./store";
import { CloudState } from "./store/cloudState";
import { acceptInvitation, addMember } from "./domain/team";
import { buildFixtures, type Fixtures, seedTeam } from "./store/fixtures";
import { TeamStore } from "./store/teamStore";
import type { TeamUser } from "./store/types";
import type { Credentials, InvalidRequest, RecordedRequest } from "./types";
import { parseHostAllowlist } from "../../provider/resources/webhook/allowlist";
import { loadOpenApiDocuments } from "./validation/openapiDocs";
import { RequestValidator } from "./validation/requestValidator";

/** The two observability variants, each with a team of its own. */
type TeamVariant = "self-hosted" | "managed";

export interface EmulatorOptions {
    /** Enforce the documented rate limits (default true). */
    rateLimits?: boolean;
    /** Validate requests against the OpenAPI documents (default true). */
    validate?: boolean;
    /** Seed of the id PRNG; the same seed and the same requests mint the same ids. */
    seed?: number;
    /** Fixed credentials (e.g. for a demo); anything omitted is random. */
    credentials?: Partial<Credentials>;
    /** Clock for rate-limit windows, timestamps and `slow` faults (default: the system clock). */
    clock?: Clock;
    /** TCP port on 127.0.0.1 (default 0: an ephemeral port). */
    port?: number;
    /** Directory holding `self-hosted.json` and `cloud.json` (default: `$OBSERVABILITY_OPENAPI_DIR` or `tests/emulator/openapi`). */
    openApiDir?: string;
    /**
     * `seeded` (default): both teams start with the fixture connection, sources, webhooks and saved search.
     * `empty`: no dashboards, alerts, sources, webhooks, saved searches or self-hosted connections; the managed
     * service keeps only its platform-provisioned connection (`managedConnectionId`), which its API cannot list.
     */
    fixtures?: "seeded" | "empty";
    /** The server's own spellings of the neutral wire names (default: the neutral names), as a real server has them. */
    wireNames?: ServerWireNames;
    /**
     * The self-hosted server's `WEBHOOK_HOSTNAME_ALLOWLIST`, in its syntax (comma-separated hosts): webhook URLs on the
     * local, private or reserved hosts it allows are accepted, as that server accepts them (default: none).
     */
    webhookHostnameAllowlist?: string;
}

/** A local emulator of the self-hosted API (`/api/v2`) and the cloud API (`/v1`) on one loopback origin. */
export class Emulator {
    /** `http://127.0.0.1:<port>`: the self-hosted base URL and the cloud base URL at once. */
    readonly url: string;
    /** Every request received, in order (never the Authorization header). */
    readonly requests: RecordedRequest[] = [];
    /** Requests that broke the OpenAPI document or a request-shape rule of the contract. */
    readonly invalidRequests: InvalidRequest[] = [];
    /** Unexpected exceptions inside handlers (each answered 500). Should stay empty. */
    readonly serverErrors: Error[] = [];
    readonly faults = new Faults();
    readonly rateLimits: RateLimits;

    private constructor(
        private readonly server: Server,
        readonly credentials: Credentials,
        readonly store: EmulatorStore,
        private readonly seeded: Record<TeamVariant, Fixtures> | undefined,
        /** The managed service's platform connection: the `connection` a managed source must name (§1.7). */
        readonly managedConnectionId: string,
        readonly clock: Clock,
        rateLimits: RateLimits,
        private readonly ids: IdFactory,
        /** The self-hosted server's `WEBHOOK_HOSTNAME_ALLOWLIST` it started with, as written. */
        private readonly webhookHostnameAllowlist: string | undefined,
    ) {
        this.rateLimits = rateLimits;
        this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    }

    static async start(options: EmulatorOptions = {}): Promise<Emulator> {
        const clock = options.clock ?? systemClock;
        const ids = new IdFactory(new Prng(options.seed ?? randomInt(2 ** 31)), clock);
        const credentials: Credentials = {
            apiKey: randomUUID(),
            keyId: `emu${randomBytes(10).toString("hex")}`,
            keySecret: randomBytes(24).toString("base64url"),
            organizationId: randomUUID(),
            serviceId: randomUUID(),
            ...options.credentials,
        };
        const nowIso = (): string => new Date(clock.now()).toISOString();
        const fixtures = buildFixtures(ids, nowIso());
        const store: EmulatorStore = {
            selfHosted: new TeamStore(ids.objectId()),
            managed: new TeamStore(ids.objectId()),
            cloud: new CloudState(
                {
                    id: credentials.organizationId,
                    name: "Emulated organization",
                    createdAt: nowIso(),
                    privateEndpoints: [],
                    byocConfig: [],
                    enableCoreDumps: false,
                },
                credentials.serviceId,
            ),
        };
        // The key's own user, drawn after the self-hosted fixtures so that their ids stay as they were.
        const keyUser = addMember(store.selfHosted, ids, nowIso(), "emulator@example.com", "Emulator User");
        store.selfHosted.keyUserId = keyUser.id;
        // The managed service's records have ids of their own, as two servers' records do: an id of one variant is
        // not found in the other.
        const managedFixtures = buildFixtures(ids, nowIso());
        const seeded = options.fixtures === "empty" ? undefined : { "self-hosted": fixtures, managed: managedFixtures };
        if (seeded) {
            seedTeam(store.selfHosted, seeded["self-hosted"]);
            seedTeam(store.managed, seeded.managed);
        } else store.managed.connections.set(managedFixtures.connection.id, { ...structuredClone(managedFixtures.connection), name: "Platform connection" });
        store.selfHosted.webhookHostnameAllowlist = parseHostAllowlist(options.webhookHostnameAllowlist);
        const docs = loadOpenApiDocuments(options.openApiDir);
        const rateLimits = new RateLimits(clock, options.rateLimits ?? true);
        const server = createServer();
        await new Promise<void>((resolve, reject) => {
            server.once("error", reject);
            server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
        });
        const emulator = new Emulator(
            server,
            credentials,
            store,
            seeded,
            managedFixtures.connection.id,
            clock,
            rateLimits,
            ids,
            options.webhookHostnameAllowlist,
        );
        const deps: PipelineDeps = {
            credentials,
            router: buildRouter(ROUTE_MODULES),
            transports: { "self-hosted": selfHostedTransport, cloud: cloudTransport(randomUUID) },
            validators:
                options.validate === false
                    ? undefined
                    : { "self-hosted": new RequestValidator("self-hosted", docs.selfHosted), cloud: new RequestValidator("cloud", docs.cloud) },
            rateLimits,
            faults: emulator.faults,
            clock,
            requests: emulator.requests,
            invalidRequests: emulator.invalidRequests,
            serverErrors: emulator.serverErrors,
            names: new ServerNames(options.wireNames),
            context: (route) => ({
                team: route.api === "self-hosted" ? store.selfHosted : store.managed,
                store,
                cloud: store.cloud,
                ids,
                clock,
                nowIso,
                docs,
                fixtures: seeded?.[route.api === "self-hosted" ? "self-hosted" : "managed"],
                credentials,
            }),
        };
        server.on("request", (req, res) => {
            handleRequest(deps, req, res).catch((error: unknown) => {
                emulator.serverErrors.push(error instanceof Error ? error : new Error(String(error)));
                res.destroy();
            });
        });
        return emulator;
    }

    /** The records the self-hosted team started with; throws when the emulator started with `fixtures: "empty"`. */
    get fixtures(): Fixtures {
        return this.fixturesOf("self-hosted");
    }

    /**
     * The records one variant's team started with (each variant's have ids of their own); throws when the emulator
     * started with `fixtures: "empty"`.
     */
    fixturesOf(variant: TeamVariant): Fixtures {
        if (!this.seeded) throw new Error('emulator: started with fixtures: "empty", so there are no fixture records');
        return this.seeded[variant];
    }

    /** Cloud state: the organization, and the service state switch (`emu.cloud.setServiceState("idle")`). */
    get cloud(): CloudState {
        return this.store.cloud;
    }

    /**
     * The self-hosted team's invitation for `email` is followed out of band: the invitation is consumed and the
     * person becomes a member (with `name`, else the invitation's name). Throws when no invitation names the email.
     */
    acceptInvitation(email: string, name?: string): TeamUser {
        return acceptInvitation(this.store.selfHosted, this.ids, new Date(this.clock.now()).toISOString(), email, name);
    }

    /** A user joins the self-hosted team without any invitation through the API (as one made in the web UI). */
    addTeamMember(email: string, name?: string): TeamUser {
        return addMember(this.store.selfHosted, this.ids, new Date(this.clock.now()).toISOString(), email, name);
    }

    /** Forgets the recorded requests. */
    clearRequests(): void {
        this.requests.length = 0;
    }

    /** Forgets the recorded invalid requests. */
    clearInvalidRequests(): void {
        this.invalidRequests.length = 0;
    }

    /** A plain JSON summary of everything held: counts and ids per collection. */
    inventory(): { selfHosted: ReturnType<TeamStore["inventory"]>; managed: ReturnType<TeamStore["inventory"]>; cloud: Record<string, unknown> } {
        return { selfHosted: this.store.selfHosted.inventory(), managed: this.store.managed.inventory(), cloud: this.store.cloud.inventory() };
    }

    /** The environment variables that point the providers at this emulator (with its webhook host allowlist, if any). */
    env(): Record<string, string> {
        return {
            ...(this.webhookHostnameAllowlist ? { OBSERVABILITY_WEBHOOK_HOSTNAME_ALLOWLIST: this.webhookHostnameAllowlist } : {}),
            OBSERVABILITY_API_URL: this.url,
            OBSERVABILITY_API_KEY: this.credentials.apiKey,
            OBSERVABILITY_CLOUD_URL: this.url,
            OBSERVABILITY_KEY_ID: this.credentials.keyId,
            OBSERVABILITY_KEY_SECRET: this.credentials.keySecret,
            OBSERVABILITY_ORGANIZATION_ID: this.credentials.organizationId,
            OBSERVABILITY_SERVICE_ID: this.credentials.serviceId,
        };
    }

    /** Stops listening and closes every open connection. */
    async close(): Promise<void> {
        const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
        this.server.closeAllConnections();
        await closed;
    }
}
