// The resource calls the engine makes, with their requests built and their answers read as plain values.
import { message, struct } from "../../provider/plugin/rpc";
import { PluginProcess, props, urnOf } from "./pluginProcess";

type Properties = Record<string, unknown>;
interface Struct {
    toJavaScript(): Properties;
}

/** A check's answer. */
export interface Checked {
    inputs: Properties;
    failures: { property: string; reason: string }[];
}

/** A diff's answer. */
export interface Diffed {
    changes: number;
    replaces: string[];
    deleteBeforeReplace: boolean;
    diffs: string[];
    detailed: Record<string, { kind: number; inputDiff: boolean }>;
}

/** The `DiffResponse.DiffChanges` values. */
export const CHANGES = { NONE: 1, SOME: 2 } as const;

/** The engine's side of the resource calls of one plugin process. */
export class EngineCalls {
    constructor(readonly plugin: PluginProcess) {}

    async checkConfig(news: Properties): Promise<Checked> {
        const urn = "urn:pulumi:test::plugin::pulumi:providers:observability::default";
        return checked(await this.plugin.call("checkConfig", message("CheckRequest", { setUrn: urn, setOlds: struct({}), setNews: struct(news) })));
    }

    async diffConfig(olds: Properties, news: Properties): Promise<Diffed> {
        const urn = "urn:pulumi:test::plugin::pulumi:providers:observability::default";
        return diffed(
            await this.plugin.call(
                "diffConfig",
                message("DiffRequest", { setUrn: urn, setOlds: struct(olds), setOldInputs: struct(olds), setNews: struct(news) }),
            ),
        );
    }

    async configure(args: Properties): Promise<{ acceptSecrets: boolean; supportsPreview: boolean }> {
        const response = await this.plugin.call<{ getAcceptsecrets(): boolean; getSupportspreview(): boolean }>(
            "configure",
            message("ConfigureRequest", {
                setArgs: struct(args),
                setAcceptsecrets: true,
                setAcceptresources: true,
                setSendsOldInputs: true,
                setSendsOldInputsToDelete: true,
                setUrn: "urn:pulumi:test::plugin::pulumi:providers:observability::default",
                setName: "default",
                setType: "pulumi:providers:observability",
                setId: "04da6b54-80e4-46f7-96ec-b56ff0331ba9",
            }),
        );
        return { acceptSecrets: response.getAcceptsecrets(), supportsPreview: response.getSupportspreview() };
    }

    async check(type: string, olds: Properties, news: Properties, name = "it"): Promise<Checked> {
        const fields = { setUrn: urnOf(type, name), setType: `observability:index:${type}`, setName: name, setOlds: struct(olds), setNews: struct(news) };
        return checked(await this.plugin.call("check", message("CheckRequest", fields)));
    }

    async diff(type: string, id: string, olds: Properties, oldInputs: Properties, news: Properties, name = "it"): Promise<Diffed> {
        const fields = {
            setUrn: urnOf(type, name),
            setType: `observability:index:${type}`,
            setName: name,
            setId: id,
            setOlds: struct(olds),
            setOldInputs: struct(oldInputs),
            setNews: struct(news),
        };
        return diffed(await this.plugin.call("diff", message("DiffRequest", fields)));
    }

    async create(
        type: string,
        inputs: Properties,
        options: { preview?: boolean; timeout?: number; name?: string } = {},
    ): Promise<{ id: string; outs: Properties }> {
        const name = options.name ?? "it";
        const response = await this.plugin.call<{ getId(): string; getProperties(): Struct | undefined }>(
            "create",
            message("CreateRequest", {
                setUrn: urnOf(type, name),
                setType: `observability:index:${type}`,
                setName: name,
                setProperties: struct(inputs),
                setTimeout: options.timeout ?? 0,
                setPreview: options.preview ?? false,
            }),
        );
        return { id: response.getId(), outs: props(response.getProperties()) };
    }

    /** A refresh (with the old outputs and inputs), or an import (the id alone). */
    async read(
        type: string,
        id: string,
        olds?: Properties,
        oldInputs?: Properties,
        name = "it",
    ): Promise<{ id: string; outs: Properties; inputs?: Properties }> {
        const response = await this.plugin.call<{ getId(): string; getProperties(): Struct | undefined; getInputs(): Struct | undefined }>(
            "read",
            message("ReadRequest", {
                setUrn: urnOf(type, name),
                setType: `observability:index:${type}`,
                setName: name,
                setId: id,
                ...(olds ? { setProperties: struct(olds) } : {}),
                ...(oldInputs ? { setInputs: struct(oldInputs) } : {}),
            }),
        );
        const inputs = response.getInputs();
        return { id: response.getId(), outs: props(response.getProperties()), ...(inputs ? { inputs: props(inputs) } : {}) };
    }

    async update(
        type: string,
        id: string,
        olds: Properties,
        oldInputs: Properties,
        news: Properties,
        options: { preview?: boolean; timeout?: number } = {},
    ): Promise<Properties> {
        const response = await this.plugin.call<{ getProperties(): Struct | undefined }>(
            "update",
            message("UpdateRequest", {
                setUrn: urnOf(type, "it"),
                setType: `observability:index:${type}`,
                setName: "it",
                setId: id,
                setOlds: struct(olds),
                setOldInputs: struct(oldInputs),
                setNews: struct(news),
                setTimeout: options.timeout ?? 0,
                setPreview: options.preview ?? false,
            }),
        );
        return props(response.getProperties());
    }

    async delete(type: string, id: string, olds: Properties, oldInputs: Properties, options: { timeout?: number } = {}): Promise<void> {
        await this.plugin.call(
            "delete",
            message("DeleteRequest", {
                setUrn: urnOf(type, "it"),
                setType: `observability:index:${type}`,
                setName: "it",
                setId: id,
                setProperties: struct(olds),
                setOldInputs: struct(oldInputs),
                setTimeout: options.timeout ?? 0,
            }),
        );
    }

    async invoke(name: string, args: Properties): Promise<{ result: Properties; failures: unknown[] }> {
        const response = await this.plugin.call<{ getReturn(): Struct | undefined; getFailuresList(): unknown[] }>(
            "invoke",
            message("InvokeRequest", { setTok: `observability:index:${name}`, setArgs: struct(args) }),
        );
        return { result: props(response.getReturn()), failures: response.getFailuresList() };
    }
}

function checked(response: unknown): Checked {
    const r = response as { getInputs(): Struct | undefined; getFailuresList(): { getProperty(): string; getReason(): string }[] };
    return { inputs: props(r.getInputs()), failures: r.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })) };
}

function diffed(response: unknown): Diffed {
    const r = response as {
        getChanges(): number;
        getReplacesList(): string[];
        getDeletebeforereplace(): boolean;
        getDiffsList(): string[];
        getDetaileddiffMap(): { getEntryList(): [string, unknown][]; get(key: string): { getKind(): number; getInputdiff(): boolean } };
    };
    const map = r.getDetaileddiffMap();
    const detailed = Object.fromEntries(
        map.getEntryList().map(([key]) => {
            const d = map.get(key);
            return [key, { kind: d.getKind(), inputDiff: d.getInputdiff() }];
        }),
    );
    return { changes: r.getChanges(), replaces: r.getReplacesList(), deleteBeforeReplace: r.getDeletebeforereplace(), diffs: r.getDiffsList(), detailed };
}
