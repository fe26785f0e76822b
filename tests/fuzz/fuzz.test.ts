import assert from "node:assert/strict";
import fc from "fast-check";
import { path } from "../../provider/common/ids";
import { inputKeysOf } from "../../provider/common/project";
import { UNKNOWN } from "../../provider/common/unknown";
import { propertyPath } from "../../provider/common/values";
import { Input, plain } from "./arbitraries/common";
import { dataPipe, secretValues } from "./arbitraries/dataPipe";
import { at, corrupted, hostileString, mutation, mutate, Path, pathsOf, replaceAt, unknownPaths, withUnknown } from "./mutations";
import { SUBJECTS } from "./subjects";
import { accepted, checkHolds, diffHolds, refusedAt } from "./verdicts";
import { ScriptedServer } from "../support/scriptedServer";

// Property-based fuzzing of every resource's `check` and `diff`, called in process on the provider objects the
// package exports. Settings point at a loopback server that records requests: neither method may send one.
// Seeds are fixed and runs bounded, so a run is reproducible and the suite stays within seconds.

const SEED = 20_260_208;
const settings = (numRuns: number): fc.Parameters<unknown> => ({ seed: SEED, numRuns });

const HEX24 = /^[0-9a-f]{24}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The places of a well-formed input that hold an id (every id the generators produce has one of the two forms). */
const idPaths = (input: Input) =>
    pathsOf(input).filter((p) => typeof at(input, p) === "string" && (HEX24.test(at(input, p) as string) || UUID.test(at(input, p) as string)));
/** The places that hold free text: names, titles, descriptions, API key ids. */
const FREE_TEXT = ["name", "title", "description", "message", "note", "openApiKeys"];
const freeTextPaths = (input: Input) =>
    pathsOf(input).filter((p) => typeof at(input, p) === "string" && p.slice(-2).some((key) => FREE_TEXT.includes(String(key))));
const isPrefix = (prefix: Path, of: Path) => prefix.length <= of.length && prefix.every((key, i) => key === of[i]);

describe("fuzzing: check and diff of every resource (fast-check, in process)", function () {
    let server: ScriptedServer;
    const noRequests = () =>
        assert.deepEqual(
            server.seen.map((r) => `${r.method} ${r.url}`),
            [],
            "check and diff send no request",
        );

    before(async function () {
        server = await ScriptedServer.start();
        const config: Record<string, string> = {
            apiUrl: server.url,
            apiKey: "fuzz-api-key",
            cloudUrl: server.url,
            keyId: "fuzz-key-id",
            keySecret: "fuzz-key-secret",
            organizationId: "6f1c2a9e-5b7d-4c11-9a0e-5a4d1c2b3e4f",
            serviceId: "0d5e7a31-2c4b-4f6e-8a9d-1b3c5e7f9a2b",
            retryBaseDelayMs: "1",
            retryBudgetMs: "10",
        };
        const get = (key: string) => config[key.replace(/^observability:/, "")];
        for (const subject of SUBJECTS) await subject.provider.configure({ config: { get } });
    });
    afterEach(() => noRequests());
    after(() => server.close());

    for (const subject of SUBJECTS) {
        describe(subject.typeName, function () {
            const schemaKeys = inputKeysOf(subject.schema);

            it("accepts every well-formed input as a fixed point that diffs as no change against itself", async function () {
                const stale = fc.jsonValue({ maxDepth: 2 });
                await fc.assert(
                    fc.asyncProperty(subject.valid, subject.computed, stale, async (input, computed, value) => {
                        const inputs = await accepted(subject, input);
                        assert.equal(
                            (await diffHolds(subject, "fuzz-id", { ...inputs, ...computed }, inputs)).changes,
                            false,
                            "olds = the checked inputs plus computed outputs",
                        );
                        // What the program leaves unmanaged, and the provider's own timeouts, never count.
                        const omitted = subject.unmanagedWhenOmitted.filter((key) => inputs[key] === undefined);
                        const olds = { ...inputs, ...computed, ...Object.fromEntries(omitted.map((key) => [key, value])), timeouts: { create: "1s" } };
                        assert.equal((await diffHolds(subject, "fuzz-id", olds, inputs)).changes, false, "unmanaged omitted inputs and timeouts are no change");
                        noRequests();
                    }),
                    settings(150),
                );
            });

            it("answers corrupted inputs with checked inputs or failures at places of the input, never an exception", async function () {
                await fc.assert(
                    fc.asyncProperty(corrupted(subject.valid), async (input) => {
                        await checkHolds(subject, input);
                        noRequests();
                    }),
                    settings(400),
                );
            });

            it("answers fully random JSON the same way", async function () {
                const key = fc.oneof(fc.constantFrom(...schemaKeys), fc.string({ maxLength: 8 }));
                const value = fc.oneof({ weight: 5, arbitrary: fc.jsonValue({ maxDepth: 3 }) }, fc.constant(UNKNOWN), hostileString);
                await fc.assert(
                    fc.asyncProperty(fc.dictionary(key, value, { maxKeys: 8, noNullPrototype: true }).map(plain), async (input) => {
                        await checkHolds(subject, input);
                        noRequests();
                    }),
                    settings(200),
                );
            });

            it("passes unknowns in a well-formed input through untouched, and diffs them as changes (replacing where documented)", async function () {
                await fc.assert(
                    fc.asyncProperty(subject.valid, fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), subject.computed, async (input, picks, computed) => {
                        const previewed = plain(picks.reduce(withUnknown, input));
                        assert.deepEqual(await checkHolds(subject, previewed), { inputs: previewed }, "a preview of a well-formed program fails nowhere");
                        const olds = { ...(await accepted(subject, input)), ...computed };
                        const diff = await diffHolds(subject, "fuzz-id", olds, previewed);
                        const unknowns = unknownPaths(previewed);
                        if (unknowns.some((p) => p[0] !== "timeouts" && schemaKeys.includes(String(p[0]))))
                            assert.equal(diff.changes, true, "an unknown input is a change");
                        for (const unknown of unknowns) {
                            if (!subject.fixedFields.some((field) => isPrefix(field.split("."), unknown))) continue;
                            assert.ok(
                                (diff.replaces ?? []).some((key) => isPrefix(key.split("."), unknown)),
                                `an unknown under a replace key replaces: ${unknown.join(".")} → ${JSON.stringify(diff.replaces)}`,
                            );
                        }
                        noRequests();
                    }),
                    settings(200),
                );
            });

            it("keeps unknowns in a corrupted input untouched and never fails at an unknown's place", async function () {
                const withUnknowns = fc
                    .tuple(corrupted(subject.valid), fc.array(fc.nat(), { minLength: 1, maxLength: 2 }))
                    .map(([input, picks]) => plain(picks.reduce(withUnknown, input)));
                await fc.assert(
                    fc.asyncProperty(withUnknowns, async (input) => {
                        await checkHolds(subject, input);
                        noRequests();
                    }),
                    settings(200),
                );
            });

            /** A well-formed input with a hostile string at one of the places `places` finds (inputs with none are skipped). */
            const hostileAt = (places: (input: Input) => Path[]) =>
                fc
                    .tuple(subject.valid, fc.nat(), hostileString)
                    .filter(([input]) => places(input).length > 0)
                    .map(([input, pick, hostile]) => {
                        const place = places(input)[pick % places(input).length];
                        return { input: replaceAt(input, place, hostile), place, hostile };
                    });

            // A kind whose inputs hold no hex24 or UUID id (a team member, named by email) has no place to put one.
            const hasIds = fc.sample(subject.valid, { seed: SEED, numRuns: 50 }).some((input) => idPaths(plain(input)).length > 0);
            if (hasIds)
                it("refuses a hostile id (traversal, query, control characters, 100 KB) at its place", async function () {
                    await fc.assert(
                        fc.asyncProperty(
                            hostileAt((input) => idPaths(input).filter((p) => !subject.freeIds?.includes(propertyPath(p)))),
                            async ({ input, place }) => {
                                await refusedAt(subject, input, place);
                                noRequests();
                            },
                        ),
                        settings(150),
                    );
                });

            it("refuses an unknown key at any depth, naming its path, and sends nothing", async function () {
                const openMap = (p: Path) => subject.openMaps?.includes(propertyPath(p)) ?? false;
                const objectPlaces = (input: Input): Path[] => [
                    [],
                    ...pathsOf(input).filter((p) => {
                        const v = at(input, p);
                        return typeof v === "object" && v !== null && !Array.isArray(v) && !openMap(p);
                    }),
                ];
                const typo = fc.stringMatching(/^[a-z][a-zA-Z]{0,11}$/).map((word) => `zz${word}`);
                await fc.assert(
                    fc.asyncProperty(subject.valid, fc.nat(), typo, fc.jsonValue({ maxDepth: 1 }), async (input, pick, key, value) => {
                        const places = objectPlaces(input);
                        const place = places[pick % places.length];
                        await refusedAt(subject, replaceAt(input, [...place, key], value), [...place, key]);
                        noRequests();
                    }),
                    settings(150),
                );
            });

            // A kind without free text (CDC scaling: two numbers) has no place to put it: the filter would never pass.
            const hasFreeText = fc.sample(subject.valid, { seed: SEED, numRuns: 50 }).some((input) => freeTextPaths(plain(input)).length > 0);
            if (hasFreeText)
                it("keeps hostile free text (names, descriptions) exactly as given, or refuses it at its place", async function () {
                    await fc.assert(
                        fc.asyncProperty(hostileAt(freeTextPaths), async ({ input, place, hostile }) => {
                            const result = await checkHolds(subject, input);
                            // Sets are sorted and lists of endpoints too: the text may move, but it is kept whole.
                            if (result.inputs)
                                assert.ok(
                                    pathsOf(result.inputs).some((p) => at(result.inputs, p) === hostile),
                                    "accepted free text reaches the API unchanged",
                                );
                            else
                                assert.ok(
                                    result.failures?.some((f) => f.property === propertyPath(place)),
                                    `refused at ${propertyPath(place)}`,
                                );
                            noRequests();
                        }),
                        settings(100),
                    );
                });

            it("diffs any two checked inputs without exception, replacing only documented keys", async function () {
                await fc.assert(
                    fc.asyncProperty(
                        subject.valid,
                        subject.valid,
                        subject.computed,
                        fc.oneof(fc.constant("fuzz-id"), hostileString),
                        async (before, after, computed, id) => {
                            const olds = { ...(await accepted(subject, before)), ...computed };
                            await diffHolds(subject, id, olds, await accepted(subject, after));
                            noRequests();
                        },
                    ),
                    settings(150),
                );
            });

            it("diffs against junk old outputs (state of another version) without exception", async function () {
                const junk = fc
                    .dictionary(fc.constantFrom(...schemaKeys, "target", "state", "id"), fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(UNKNOWN)), {
                        noNullPrototype: true,
                    })
                    .map(plain);
                await fc.assert(
                    fc.asyncProperty(junk, subject.valid, fc.array(mutation, { maxLength: 2 }), async (olds, after, mutations) => {
                        const result = await subject.provider.diff("fuzz-id", mutations.reduce(mutate, olds), await accepted(subject, after));
                        assert.equal(typeof result.changes, "boolean");
                        noRequests();
                    }),
                    settings(150),
                );
            });
        });
    }

    it("DataPipe: no check failure echoes a value of the secrets input", async function () {
        const broken = fc.tuple(dataPipe, fc.array(mutation, { minLength: 1, maxLength: 4 }), fc.boolean()).map(([input, mutations, onlySecrets]) => {
            const secrets = secretValues(input);
            const mutated = onlySecrets ? { ...input, secrets: mutations.reduce(mutate, (input.secrets ?? {}) as Input) } : mutations.reduce(mutate, input);
            return { input: plain(mutated), secrets };
        });
        const subject = SUBJECTS.find((s) => s.key === "dataPipe");
        assert.ok(subject);
        await fc.assert(
            fc.asyncProperty(broken, async ({ input, secrets }) => {
                const { failures } = await checkHolds(subject, input);
                const echoed = (failures ?? []).filter((f) => secrets.some((secret) => f.reason.includes(secret) || f.property.includes(secret)));
                assert.deepEqual(echoed, [], "no secret in a failure");
                noRequests();
            }),
            settings(300),
        );
    });

    it("path`…` encodes any parameter so that it stays one segment and decodes to itself, or refuses it", function () {
        // A lone surrogate cannot be encoded; empty and dot segments would name another resource once a URL parser
        // resolves them (`/pipes/..` is the service).
        const unencodable = (s: string) => s === "" || s === "." || s === ".." || /[\ud800-\udfff]/u.test(s);
        const parameter = fc.oneof(
            fc.string({ unit: "binary", maxLength: 30 }),
            fc.string({ maxLength: 30 }),
            hostileString,
            fc.constantFrom("", ".", "..", "\ud83d", "a\udc00b"),
        );
        fc.assert(
            fc.property(parameter, parameter, (org, svc) => {
                let built: string;
                try {
                    built = path`/organizations/${org}/services/${svc}/pipes`;
                } catch (error) {
                    assert.ok(unencodable(org) || unencodable(svc), `refused only what cannot be a segment: ${String(error)}`);
                    return;
                }
                assert.ok(!unencodable(org) && !unencodable(svc), `built ${JSON.stringify(built.slice(0, 80))}`);
                const segments = built.split("/");
                assert.deepEqual(
                    [segments.length, segments[1], segments[3], segments[5]],
                    [6, "organizations", "services", "pipes"],
                    "one segment per parameter",
                );
                assert.deepEqual([decodeURIComponent(segments[2]), decodeURIComponent(segments[4])], [org, svc], "each decodes to the original");
                assert.ok(!/[?#]/.test(built), "no query or fragment");
                assert.equal(new URL(built, "http://127.0.0.1").pathname, built, "a URL parser keeps the path as built");
            }),
            settings(2000),
        );
    });
});
