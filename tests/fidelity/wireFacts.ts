/**
 * The fidelity layer: facts read from the real servers' own source, one table per kind. Every fact runs against
 * the emulator (it must answer as the real server does), and a fact about requests also runs against every body
 * the providers sent while the kind's flows ran through Pulumi's host. Our contract, emulator and providers were
 * written from the same secondary sources; these facts are what keeps them honest.
 *
 * Each row cites where the fact is read, as `UPSTREAM.selfHosted` / `UPSTREAM.cloud` plus a path and line, so a
 * reader can check it against the pinned commit.
 */
import assert from "node:assert/strict";
import type { Emulator } from "../emulator";
import type { RecordedRequest } from "../emulator/types";
import { type EmulatedStack, type EmulatedStackOptions, useEmulatedStack } from "../support/emulatedStack";
import { emulatorClient, type RawResponse, type Variant } from "../support/emulatorClient";

/** The upstream sources the facts are read from, at the commits read. */
export const UPSTREAM = {
    /** The open-source self-hosted server's repository (its API package 2.36.0), by commit: no product name here. */
    selfHosted: "self-hosted server @b52a6fa83a1a8f6d1cc70e8b676103ade6a1b207",
    /** The vendor's Terraform provider v3.25.3 (how the cloud API is used), by commit. */
    cloudProvider: "vendor Terraform provider @c320db99ba37b84eca0181a074b2501f946d4d04",
    /** The rate-limit library the self-hosted server mounts on its API (the version its lock file pins), by tag. */
    rateLimitLibrary: "express-rate-limit v6.7.1",
    /** The vendor's CLI, whose cloud API client is generated from the official document (2026-07-31), by commit. */
    cloudCli: "vendor CLI @d966006c49315e2920ba6baf019b31da5d3d70c7",
    /** The cloud API's OpenAPI document, as copied into `tests/emulator/openapi/cloud.json`. */
    cloudDocument: "tests/emulator/openapi/cloud.json",
} as const;

/** One request body a provider sent, as the emulator recorded it. */
export interface SentBody {
    variant: Variant;
    method: string;
    path: string;
    body: Record<string, unknown>;
}

/** The variant's observability API of the emulator, called raw (no provider in between). */
export interface RawApi {
    emu: Emulator;
    variant: Variant;
    /** Calls `resource` (e.g. `/alerts`) of the variant; the body is JSON-encoded. */
    call(method: string, resource: string, body?: unknown): Promise<RawResponse>;
    /** The payload of a success (`data` or `result`), asserting a 200 first. */
    ok(method: string, resource: string, body?: unknown): Promise<Record<string, unknown>>;
    /** The error message of a failure, without the cloud's `CODE: ` prefix. */
    message(res: RawResponse): string;
    /** Calls a cloud route by its path under the organization (`/services/{id}/pipes`, `` for the organization itself). */
    cloud(method: string, underOrganization: string, body?: unknown): Promise<RawResponse>;
    /** The emulator's service path under the organization: `/services/{serviceId}`. */
    servicePath: string;
}

/** A fact about the real server, with where it is read. */
export interface WireFact {
    /** Where the fact is read: one of {@link UPSTREAM} and a path with its line, e.g. `…/v2/alerts.ts:88`. */
    upstream: string;
    /** The fact in one sentence, e.g. "refuses `thresholdMax: null` with 400". */
    says: string;
    /** The variants the fact holds for. */
    variants: readonly Variant[];
    /** Asserts that the emulator behaves as the real server does (raw requests, no provider). */
    onEmulator(api: RawApi): Promise<void>;
    /**
     * For a fact about requests: what is wrong with one body the providers sent to the kind's collection, or
     * undefined when the body agrees with the fact.
     */
    onSent?(sent: SentBody): string | undefined;
}

/** What a kind's fact table is run with. */
export interface WireFactTable {
    /** The kind, for the suite's title. */
    kind: string;
    /** The path segment of the kind's collection, e.g. `/alerts`: the sent bodies checked are those to it. */
    collection: string;
    facts: readonly WireFact[];
    /**
     * Runs the kind's representative programs through the host on `variant` (creates and updates of every shape
     * the kind can send): the bodies they send are checked against every fact's `onSent`.
     */
    flows(stack: EmulatedStack, variant: Variant): Promise<void>;
    /** Resets the emulator before each test (e.g. clears collections); the default keeps it. */
    reset?(stack: EmulatedStack): void;
    /** How the stack is started (e.g. stack config such as a zero poll interval); the default is the plain stack. */
    options?: EmulatedStackOptions;
}

function rawApi(emu: Emulator, variant: Variant): RawApi {
    const client = emulatorClient(emu);
    return {
        emu,
        variant,
        call: (method, resource, body) => client.on(variant, resource, method, body),
        async ok(method, resource, body) {
            const res = await client.on(variant, resource, method, body);
            assert.equal(res.status, 200, `${method} ${resource}: ${res.text}`);
            return client.payload(res) as Record<string, unknown>;
        },
        message: client.message,
        cloud: (method, underOrganization, body) => client.call(`/v1/organizations/${emu.credentials.organizationId}${underOrganization}`, method, body),
        servicePath: `/services/${emu.credentials.serviceId}`,
    };
}

function sentBodies(requests: readonly RecordedRequest[], variant: Variant, collection: string): SentBody[] {
    return requests
        .filter((r) => r.method !== "GET" && r.method !== "DELETE" && r.path.includes(collection))
        .filter((r) => r.body !== null && typeof r.body === "object")
        .map((r) => ({ variant, method: r.method, path: r.path, body: r.body as Record<string, unknown> }));
}

/**
 * Registers the suite of one kind's fact table: per variant, every fact against the emulator, then the kind's
 * flows through the host with every request fact checked on what was sent (and the emulator refusing nothing).
 */
export function describeWireFacts(table: WireFactTable): void {
    describe(`Fidelity to the real servers: ${table.kind}`, function () {
        const stack = useEmulatedStack((s) => table.reset?.(s), table.options);
        for (const variant of ["self-hosted", "managed"] as const) {
            const facts = table.facts.filter((f) => f.variants.includes(variant));
            if (facts.length === 0) continue;
            describe(`on the ${variant} variant`, function () {
                for (const fact of facts) {
                    it(`${fact.says} (${fact.upstream})`, async function () {
                        await fact.onEmulator(rawApi(stack.emu, variant));
                        stack.emu.clearInvalidRequests();
                    });
                }
                const requestFacts = facts.filter((f) => f.onSent !== undefined);
                if (requestFacts.length === 0) return;
                it(`what the providers send agrees with the ${requestFacts.length} request facts`, async function () {
                    await table.flows(stack, variant);
                    const sent = sentBodies(stack.emu.requests, variant, table.collection);
                    assert.ok(sent.length > 0, "the flows sent bodies to check");
                    const problems = sent.flatMap((s) =>
                        requestFacts.flatMap((f) => {
                            const problem = f.onSent?.(s);
                            return problem === undefined ? [] : [`${s.method} ${s.path}: ${problem} (${f.says})`];
                        }),
                    );
                    assert.deepEqual(problems, []);
                });
            });
        }
    });
}
