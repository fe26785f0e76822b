import { ApiError } from "../../api/http/errors";
import { pollPace, pollUntil } from "../../api/poll";
import { dynamicProvider, normalizeReported, ResourceDefinition } from "../../engine/dynamicProvider";
import type { OperationContext } from "../../api/apis";
import type { Settings } from "../../settings/config";
import { movedKeys, withSettingDefaults, type ResolvedService } from "../../settings/location";
import { PipeApi } from "../dataPipe/api";
import { CDC_KINDS } from "../dataPipe/kinds";
import { PipesCdcScalingInputs, PipesCdcScalingOutputs, pipesCdcScalingSchema, withDerivedSize } from "./schema";
import { CdcScaling, reports, wireCdcScaling } from "./wire";

const TYPE_NAME = "PipesCdcScaling";
const TARGET_KEYS = ["organizationId", "serviceId"] as const;

type Inputs = PipesCdcScalingInputs;
type Outputs = PipesCdcScalingOutputs;

const label = (verb: string, target: ResolvedService) => `${verb} ${TYPE_NAME} of service ${target.serviceId}`;
const scalingPath = (ctx: OperationContext, target: ResolvedService) => ctx.apis.servicePath(target, "pipesCdcScaling");

/** Thrown when the service has no CDC capacity to read: it has no database pipe. */
export class NoDatabasePipe extends Error {}

/**
 * The service's CDC capacity. The service has one only once a database pipe was provisioned; when a read fails
 * and the service has no database pipe, the error says so (the API leaves that answer undocumented).
 */
export async function getCdcScaling(ctx: OperationContext, target: ResolvedService, operation: string): Promise<CdcScaling> {
    try {
        return await ctx.apis.cloud().request({ operation, method: "GET", path: scalingPath(ctx, target), response: wireCdcScaling, signal: ctx.signal });
    } catch (error) {
        if (!(error instanceof ApiError) || error.status === undefined || error.status >= 500 || [401, 403, 424, 429].includes(error.status)) throw error;
        const pipes = await new PipeApi(ctx, target, `${operation} (look for a database pipe)`).list();
        if (pipes.some((pipe) => CDC_KINDS.some((kind) => pipe.source?.[kind] !== undefined && pipe.source[kind] !== null))) throw error;
        throw new NoDatabasePipe(
            `${operation}: the service has no change-capturing database pipe (${CDC_KINDS.join(", ")}) yet, and its CDC capacity exists only once one was provisioned (${error.message}). ` +
                "Declare the resource after a database pipe (`dependsOn: [pipe]`) or create the pipe first",
        );
    }
}

/**
 * Brings the capacity to the declared sizes: PATCH (both sizes, as the reference does) only when they differ, then
 * poll until the service reports them, within the operation's `timeouts` (the change takes a few minutes).
 */
async function applySizes(ctx: OperationContext, target: ResolvedService, desired: Inputs, verb: "create" | "update"): Promise<CdcScaling> {
    const operation = label(verb, target);
    const current = await getCdcScaling(ctx, target, operation);
    if (desired.replicaCpuMillicores === undefined || desired.replicaMemoryGb === undefined) return current;
    const wanted = { replicaCpuMillicores: desired.replicaCpuMillicores, replicaMemoryGb: desired.replicaMemoryGb };
    if (reports(current, wanted)) return current;
    // Absolute values: a lost answer may be sent again.
    await ctx.apis
        .cloud()
        .request({ operation, method: "PATCH", path: scalingPath(ctx, target), body: wanted, response: wireCdcScaling, idempotent: true, signal: ctx.signal });
    return pollUntil({
        read: () => getCdcScaling(ctx, target, operation),
        settled: (seen) => reports(seen, wanted),
        ...pollPace(ctx.apis),
        signal: ctx.signal,
        expired: (seen) =>
            new Error(
                `${operation}: the service accepted ${wanted.replicaCpuMillicores} millicores / ${wanted.replicaMemoryGb} GB but still reported ` +
                    `${seen ? `${seen.replicaCpuMillicores} / ${seen.replicaMemoryGb}` : "nothing readable"} when the operation's timeout expired; ` +
                    "the change can take a few minutes: raise the resource's `timeouts` input, or run `pulumi up` again later",
            ),
    });
}

function outputsOf(scaling: CdcScaling, target: ResolvedService, inputs: Pick<Inputs, "replicaCpuMillicores" | "timeouts">): Outputs {
    return { ...target, ...scaling, timeouts: inputs.timeouts, managed: inputs.replicaCpuMillicores !== undefined };
}

/** The read mapping (refresh, export): the outputs, and as inputs the sizes only while they are managed. */
export function readCdcScaling(
    settings: Settings,
    scaling: CdcScaling,
    olds: Pick<Outputs, "organizationId" | "serviceId" | "timeouts" | "managed">,
): { outs: Outputs; inputs: Inputs } {
    const target = { organizationId: olds.organizationId, serviceId: olds.serviceId };
    const inputs = normalizeReported(definition, settings, { ...target, ...(olds.managed ? scaling : {}), timeouts: olds.timeouts });
    return { outs: { ...target, ...scaling, timeouts: olds.timeouts, managed: olds.managed }, inputs };
}

function located(settings: Settings, inputs: Inputs): Inputs & ResolvedService {
    return withSettingDefaults(withDerivedSize(inputs), settings, TARGET_KEYS);
}

/** What a refresh or an import reads the capacity with: where it lives, and whether the sizes are managed. */
type PipesCdcScalingSeed = Inputs & ResolvedService & Pick<Outputs, "managed">;

const definition: ResourceDefinition<typeof pipesCdcScalingSchema, Outputs, PipesCdcScalingSeed> = {
    typeName: TYPE_NAME,
    schema: pipesCdcScalingSchema,
    complete: (inputs, settings) => located(settings, inputs),
    clients: (apis) => void apis.cloud(),
    unmanagedWhenOmitted: ["replicaCpuMillicores", "replicaMemoryGb"],
    replaceKeys: (_olds, news, changed) => movedKeys(news, changed, TARGET_KEYS),
    // An import names the service (the resource's id) and manages the sizes it reads.
    imported: (id, settings) => ({ organizationId: settings.uuid("organizationId"), serviceId: id, managed: true }),

    // The capacity exists outside the stack (with the service's first database pipe): creating the resource takes it over.
    async create(ctx, inputs) {
        const target = located(ctx.apis.settings, inputs);
        const scaling = await applySizes(ctx, target, target, "create");
        return { id: target.serviceId, outs: outputsOf(scaling, target, target) };
    },

    async read(ctx, _id, olds) {
        try {
            return readCdcScaling(ctx.apis.settings, await getCdcScaling(ctx, olds, label("read", olds)), olds);
        } catch (error) {
            // The capacity went away with the service's last database pipe.
            if (error instanceof NoDatabasePipe) return undefined;
            throw error;
        }
    },

    async update(ctx, _id, olds, news) {
        const target = { organizationId: news.organizationId ?? olds.organizationId, serviceId: news.serviceId ?? olds.serviceId };
        return outputsOf(await applySizes(ctx, target, news, "update"), target, news);
    },

    // The API has no delete: deleting the resource only forgets it, and the capacity stays as it is.
    async delete() {},
};

/** The CDC-scaling provider the SDK's provider text loads. */
export const pipesCdcScaling = dynamicProvider(definition);
