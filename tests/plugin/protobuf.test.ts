// The plugin's own protobuf codec (provider/plugin/protobuf/) against google-protobuf's generated messages, which the
// engine's side of every other plugin test uses: what one writes the other reads the same, for random JSON values.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { checkResponseMessage, decodeCheckRequest, decodeDiffRequest, diffResponseMessage } from "../../provider/plugin/protobuf/checkAndDiff";
import { ProtoReader } from "../../provider/plugin/protobuf/reader";
import { readStruct } from "../../provider/plugin/protobuf/struct";
import { message, struct } from "../../provider/plugin/rpc";
import { Prng } from "../emulator/random";

const fromSdk = createRequire(require.resolve("@pulumi/pulumi"));
interface Generated {
    deserializeBinary(bytes: Uint8Array): Record<string, (...args: unknown[]) => unknown>;
}
const providerPb = fromSdk("./proto/provider_pb") as Record<string, Generated>;

/** Strings a codec gets wrong first: empty, multi-byte, astral, long enough for a two- and a three-byte length. */
const STRINGS = ["", "a", "é", "日本語", "🙂 emoji", "x".repeat(200), "y".repeat(20_000), '"quoted"\n\ttabs', "\u0000nul"];
/** Numbers: zero, negative, fractional, large, tiny. */
const NUMBERS = [0, -1, 1.5, -273.15, 2 ** 53 - 1, 1e300, 5e-324, 42];

function randomJson(random: Prng, depth: number): unknown {
    const kind = random.int(depth > 3 ? 4 : 6);
    if (kind === 0) return null;
    if (kind === 1) return random.next() < 0.5;
    if (kind === 2) return random.pick(NUMBERS);
    if (kind === 3) return random.pick(STRINGS);
    if (kind === 4) return Array.from({ length: random.int(5) }, () => randomJson(random, depth + 1));
    return randomObject(random, depth + 1);
}

function randomObject(random: Prng, depth: number): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    for (let i = random.int(6); i > 0; i--)
        object[random.pick(["a", "name", "tileIds", "Tile 0", "é", "exponential histogram", `k${i}`])] = randomJson(random, depth);
    return object;
}

/** An object through the codec's Struct writer (a CheckResponse's `inputs`), read back by google-protobuf. */
function writtenAndRead(object: Record<string, unknown>): unknown {
    const response = providerPb.CheckResponse.deserializeBinary(checkResponseMessage(object, []).serializeBinary());
    return (response.getInputs() as { toJavaScript(): unknown }).toJavaScript();
}

describe("the plugin's protobuf codec", function () {
    it("reads a Struct google-protobuf wrote, and writes one google-protobuf reads, for 500 random JSON objects", function () {
        const random = new Prng(37);
        for (let i = 0; i < 500; i++) {
            const object = randomObject(random, 0);
            const bytes = Buffer.from(struct(object).serializeBinary());
            assert.deepEqual(readStruct(new ProtoReader(bytes)), object, `read #${i}`);
            assert.deepEqual(writtenAndRead(object), object, `written #${i}`);
        }
    });

    it("leaves out a key whose value is undefined, as JSON does, and refuses a value JSON has not", function () {
        assert.deepEqual(writtenAndRead({ a: 1, b: undefined, c: [undefined] }), { a: 1, c: [null] });
        assert.throws(() => writtenAndRead({ f: () => 1 }), /a function is not a JSON value/);
    });

    it("reads a CheckRequest's and a DiffRequest's fields, skipping those it does not read", function () {
        const olds = { name: "old", tiles: [{ x: 1 }] };
        const news = { name: "new", secret: { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "s" } };
        const check = message("CheckRequest", {
            setUrn: "urn:pulumi:s::p::observability:index:Dashboard::d",
            setOlds: struct(olds),
            setNews: struct(news),
            setRandomseed: new Uint8Array([1, 2, 3, 250]),
            setName: "d",
            setType: "observability:index:Dashboard",
        });
        const decoded = decodeCheckRequest(Buffer.from(check.serializeBinary()));
        assert.equal(decoded.getUrn(), "urn:pulumi:s::p::observability:index:Dashboard::d");
        assert.equal(decoded.getName(), "d");
        assert.equal(decoded.getType(), "observability:index:Dashboard");
        assert.deepEqual(decoded.getOlds()?.toJavaScript(), olds);
        assert.deepEqual(decoded.getNews()?.toJavaScript(), news);

        const diff = message("DiffRequest", {
            setId: "65a1",
            setUrn: "urn:pulumi:s::p::observability:index:Alert::a",
            setOlds: struct(olds),
            setNews: struct(news),
            setIgnorechangesList: ["name", "tiles[0]"],
            setOldInputs: struct({ name: "old" }),
            setName: "a",
            setType: "observability:index:Alert",
        });
        const read = decodeDiffRequest(Buffer.from(diff.serializeBinary()));
        assert.deepEqual(
            [read.getId(), read.getUrn(), read.getName(), read.getType()],
            ["65a1", "urn:pulumi:s::p::observability:index:Alert::a", "a", "observability:index:Alert"],
        );
        assert.deepEqual(read.getOlds()?.toJavaScript(), olds);
        assert.deepEqual(read.getNews()?.toJavaScript(), news);
        assert.deepEqual(read.getOldInputs()?.toJavaScript(), { name: "old" });
        assert.equal(decodeDiffRequest(Buffer.alloc(0)).getOlds(), undefined, "an unset Struct stays unset");
    });

    it("refuses a message cut short instead of reading past its end", function () {
        const bytes = Buffer.from(message("CheckRequest", { setUrn: "urn:x", setNews: struct({ name: "long enough" }) }).serializeBinary());
        for (const cut of [1, 3, bytes.length - 1]) assert.throws(() => decodeCheckRequest(bytes.subarray(0, cut)), /protobuf: /, `cut at ${cut}`);
    });

    it("writes a CheckResponse and a DiffResponse google-protobuf reads field for field", function () {
        const inputs = { name: "d", tiles: [{ id: "t1", x: 0, w: 6.5 }], secret: null };
        const check = providerPb.CheckResponse.deserializeBinary(
            checkResponseMessage(inputs, [
                { property: "tiles[0].w", reason: "must be an integer" },
                { property: "", reason: "no property" },
            ]).serializeBinary(),
        );
        assert.deepEqual((check.getInputs() as { toJavaScript(): unknown }).toJavaScript(), inputs);
        const failures = (check.getFailuresList() as Record<string, () => string>[]).map((f) => [f.getProperty(), f.getReason()]);
        assert.deepEqual(failures, [
            ["tiles[0].w", "must be an integer"],
            ["", "no property"],
        ]);
        assert.equal(providerPb.CheckResponse.deserializeBinary(checkResponseMessage(undefined, []).serializeBinary()).getInputs(), undefined);

        const diff = providerPb.DiffResponse.deserializeBinary(
            diffResponseMessage({
                changes: 2,
                replaces: ["source.kind"],
                deleteBeforeReplace: true,
                diffs: ["source", "name"],
                detailed: new Map([
                    ["source", { kind: 5, inputDiff: true }],
                    ["name", { kind: 4, inputDiff: true }],
                ]),
                hasDetailedDiff: true,
            }).serializeBinary(),
        );
        assert.deepEqual(
            [diff.getChanges(), diff.getReplacesList(), diff.getDeletebeforereplace(), diff.getDiffsList(), diff.getHasdetaileddiff()],
            [2, ["source.kind"], true, ["source", "name"], true],
        );
        const detailed = diff.getDetaileddiffMap() as { get(key: string): Record<string, () => unknown> | undefined };
        assert.deepEqual([detailed.get("source")?.getKind(), detailed.get("source")?.getInputdiff()], [5, true]);
        assert.deepEqual([detailed.get("name")?.getKind(), detailed.get("name")?.getInputdiff()], [4, true]);
        const none = providerPb.DiffResponse.deserializeBinary(
            diffResponseMessage({
                changes: 1,
                replaces: [],
                deleteBeforeReplace: false,
                diffs: [],
                detailed: new Map(),
                hasDetailedDiff: true,
            }).serializeBinary(),
        );
        assert.deepEqual([none.getChanges(), none.getDiffsList(), none.getDeletebeforereplace()], [1, [], false]);
    });
});
