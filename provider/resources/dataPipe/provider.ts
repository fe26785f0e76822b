import { uuid } from "../../common/ids";
import { dynamicProvider, ResourceDefinition, unmanagedTwin } from "../../engine/dynamicProvider";
import type { OperationContext } from "../../api/apis";
import { createdSince, createWithoutAdoptingStrangers } from "../../api/recovery";
import { partialFailure } from "../../engine/partialFailure";
import { withSettingDefaults, type ResolvedService } from "../../settings/location";
import { DataPipeInputs, DataPipeOutputs, dataPipeSchema } from "./schema";
import { isMustBePaused, PipeApi } from "./api";
import { planUpdate, replaceKeys, UpdatePlan } from "./plan";
import { PipeWaitError, runningStates, stoppedStates, waitForState } from "./wait";
import { pollIntervalMs } from "../../api/poll";
import { createBody, FAILED_STATES, reportedInputs, STOPPING_STATES, WirePipe } from "./wire";

const TYPE_NAME = "DataPipe";

/** A table-mapping edit of a change-capturing pipe. */
type MappingEdit = NonNullable<UpdatePlan["mappings"]>;

const label = (verb: string, name: string) => `${verb} ${TYPE_NAME} ${JSON.stringify(name)}`;

function outputsOf(pipe: WirePipe, inputs: DataPipeInputs): DataPipeOutputs {
    // The inputs here went through `complete`, which sets organizationId and serviceId; their type (the schema's
    // output) cannot say so, hence the one cast.
    return {
        ...reportedInputs(pipe, inputs),
        state: pipe.state ?? "Unknown",
        createdAt: pipe.createdAt ?? "",
        updatedAt: pipe.updatedAt ?? "",
    } as DataPipeOutputs;
}

/** The read mapping (refresh, export): the outputs and the normalized inputs that reproduce the reported pipe. */
export function readPipe(pipe: WirePipe, olds: DataPipeInputs): { outs: DataPipeOutputs; inputs: DataPipeInputs } {
    const outs = outputsOf(pipe, olds);
    const { state: _state, createdAt: _createdAt, updatedAt: _updatedAt, ...inputs } = outs;
    return { outs, inputs };
}

/**
 * A pipe as a declaration that knows only where it lives and a name (the export command, an import): the read mapping
 * takes everything else from the pipe.
 */
export function undeclaredPipe(service: ResolvedService, name: string): DataPipeInputs & ResolvedService {
    return { ...service, name, source: {}, destination: {}, fieldMappings: [], stopped: false };
}

/** Brings the pipe to its desired running or stopped state and returns it as last seen. */
async function settle(api: PipeApi, id: string, inputs: DataPipeInputs, poll: number): Promise<WirePipe> {
    let pipe = await api.get(id);
    const state = pipe.state ?? "Unknown";
    if (inputs.stopped) {
        if (stoppedStates.has(state)) return pipe;
        if (!STOPPING_STATES.has(state)) await api.command(id, "stop");
        return waitForState(api, id, stoppedStates, poll);
    }
    const running = runningStates(inputs);
    if (running.has(state)) return pipe;
    if (STOPPING_STATES.has(state)) pipe = await waitForState(api, id, stoppedStates, poll);
    if (stoppedStates.has(pipe.state ?? "") || FAILED_STATES.has(pipe.state ?? "")) await api.command(id, "start");
    return waitForState(api, id, running, poll);
}

/**
 * Applies a table-mapping delta. The service refuses it while the pipe runs (400 "must be paused"): the pipe
 * is then stopped, awaited, and the delta sent again (once more if the refusal repeats). The service resumes
 * the pipe by itself after the edit; `settle` then restores the desired state.
 */
async function applyMappingDelta(api: PipeApi, id: string, mappings: MappingEdit, inputs: DataPipeInputs, poll: number): Promise<void> {
    const body = { source: { [mappings.kind]: mappings.delta } };
    let paused = false;
    for (let attempt = 0; ; attempt++) {
        try {
            await api.patch(id, body, false);
            return;
        } catch (error) {
            if (!isMustBePaused(error) || attempt >= 2) {
                // Do not leave a pipe stopped that only this update paused.
                if (paused && !inputs.stopped) await api.command(id, "start");
                throw error;
            }
        }
        await api.command(id, "stop");
        await waitForState(api, id, stoppedStates, poll);
        paused = true;
    }
}

/**
 * POST (once), then wait for the pipe to run (and stop it when declared stopped). The create is in progress, for the
 * list taken before the POSTs, until its wait ends: pipes a stack creates a few at a time then share that list.
 */
async function createPipe(ctx: OperationContext, inputs: DataPipeInputs): Promise<{ id: string; outs: DataPipeOutputs }> {
    const api = new PipeApi(ctx, inputs, label("create", inputs.name));
    const started = ctx.apis.clock.now();
    const spec = {
        operation: api.operation,
        client: api.client,
        listKey: api.base,
        list: () => api.list(),
        post: () => api.create(createBody(inputs)),
        // A pipe created by a POST whose answer was lost is recognised by its name and a creation time since the POST started.
        matches: (pipe: WirePipe) => pipe.name === inputs.name && !!pipe.createdAt && createdSince(pipe.createdAt, started),
        claimed: new Set<string>(),
        id: uuid,
        twin: unmanagedTwin(TYPE_NAME, (pipe: WirePipe) => pipe.name === inputs.name, "name", { createdAt: (pipe: WirePipe) => pipe.createdAt }),
    };
    return createWithoutAdoptingStrangers(spec, (created) => untilCreated(api, created, inputs, pollIntervalMs(ctx.apis.settings)));
}

/** Waits for a pipe just created to run (and stops it when declared stopped); a failure keeps it in the stack. */
async function untilCreated(api: PipeApi, created: WirePipe, inputs: DataPipeInputs, poll: number): Promise<{ id: string; outs: DataPipeOutputs }> {
    let last = created;
    try {
        last = await waitForState(api, created.id, runningStates(inputs), poll, created);
        if (inputs.stopped) {
            // A pipe cannot be created stopped: it is created, then stopped.
            await api.command(created.id, "stop");
            last = await waitForState(api, created.id, stoppedStates, poll);
        }
    } catch (error) {
        if (error instanceof PipeWaitError && error.last) last = error.last;
        throw partialFailure(
            error,
            created.id,
            outputsOf(last, inputs),
            "The pipe exists and stays in the stack: fix the cause, then run `pulumi up` again (it brings the pipe to the desired state) or `pulumi destroy`",
        );
    }
    return { id: created.id, outs: outputsOf(last, inputs) };
}

/** Each change to its endpoint, then the desired running or stopped state. */
async function updatePipe(ctx: OperationContext, id: string, olds: DataPipeOutputs, news: DataPipeInputs): Promise<DataPipeOutputs> {
    const api = new PipeApi(ctx, news, label("update", news.name));
    const poll = pollIntervalMs(ctx.apis.settings);
    const plan = planUpdate(olds, news);
    // Name, mappings, columns and source fields are absolute values: a lost answer may be retried.
    if (plan.patch) await api.patch(id, plan.patch, true);
    if (plan.scaling) await api.patchScaling(id, plan.scaling);
    if (plan.settings) await api.putSettings(id, plan.settings);
    try {
        if (plan.mappings) {
            // A pipe meant to be stopped is stopped first: the edit then needs no pause of its own.
            if (news.stopped) await settle(api, id, news, poll);
            await applyMappingDelta(api, id, plan.mappings, news, poll);
        }
        return outputsOf(await settle(api, id, news, poll), news);
    } catch (error) {
        if (!(error instanceof PipeWaitError) || !error.last) throw error;
        throw partialFailure(error, id, outputsOf(error.last, news), "The changes were applied; run `pulumi up` again once the cause is fixed");
    }
}

/** What an adoption reads a pipe with: the inputs (their write-only secrets kept), located. */
type DataPipeSeed = DataPipeInputs & ResolvedService;

const definition: ResourceDefinition<typeof dataPipeSchema, DataPipeOutputs, DataPipeSeed> = {
    typeName: TYPE_NAME,
    schema: dataPipeSchema,
    complete: (inputs, settings) => withSettingDefaults(inputs, settings, ["organizationId", "serviceId"]),
    unmanagedWhenOmitted: ["scaling", "settings"],
    clients: (apis) => void apis.cloud(),
    replaceKeys,
    // The declared secrets stand for the adopted pipe's own: they cannot be read, so they are not re-sent.
    adoption: { id: uuid, seed: (inputs, settings) => withSettingDefaults(inputs, settings, ["organizationId", "serviceId"]) },
    // An import names the pipe by its id (the name stands in until the pipe is read); the settings say where it lives.
    imported: (id, settings) => undeclaredPipe(withSettingDefaults({}, settings, ["organizationId", "serviceId"]), id),

    secrets: ["secrets"],

    create: (ctx, inputs) => createPipe(ctx, inputs),

    async read(ctx, id, olds) {
        const api = new PipeApi(ctx, olds, label("read", olds.name));
        const pipe = await api.find(id);
        return pipe && readPipe(pipe, olds);
    },

    update: (ctx, id, olds, news) => updatePipe(ctx, id, olds, news),

    async delete(ctx, id, olds) {
        await new PipeApi(ctx, olds, label("delete", olds.name)).delete(id);
    },
};

/** The data pipe provider (`registry.dataPipe.provider` in `pulumi-observability/providers`). */
export const dataPipe = dynamicProvider(definition);
