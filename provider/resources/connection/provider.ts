import { collectionAt } from "../../api/collection";
import { hex24 } from "../../common/ids";
import { dynamicProvider, normalizeReported, ResourceDefinition, unmanagedTwin } from "../../engine/dynamicProvider";
import type { OperationContext } from "../../api/apis";
import { connectionSchema, ConnectionInputs, ConnectionOutputs } from "./schema";
import { connectionBody, connectionFromWire, WireConnection, wireConnection } from "./wire";

const TYPE_NAME = "Connection";

// Connections exist on the self-hosted API only; the managed variant's connection is provisioned by the platform.
const SELF_HOSTED = { variant: "self-hosted" } as const;

const label = (verb: string, connection: { name?: string }, id?: string) =>
    `${verb} ${TYPE_NAME} ${connection.name !== undefined ? JSON.stringify(connection.name) : (id ?? "")}`.trimEnd();

/** The self-hosted API's connections. */
export const connections = (ctx: Pick<OperationContext, "apis" | "signal">) => collectionAt(ctx, SELF_HOSTED, "connections", wireConnection);

/**
 * The read mapping (refresh, adoption, export): the server's connection in the inputs' normalized form, with the
 * write-only password and the timeouts kept from the declaration.
 */
export function readConnection(
    ctx: OperationContext,
    connection: WireConnection,
    declared: Partial<Pick<ConnectionInputs, "password" | "timeouts">>,
): { outs: ConnectionOutputs; inputs: ConnectionInputs } {
    const inputs = normalizeReported(definition, ctx.apis.settings, {
        ...connectionFromWire(connection),
        password: declared.password,
        timeouts: declared.timeouts,
    });
    return { outs: inputs, inputs };
}

const definition: ResourceDefinition<typeof connectionSchema, ConnectionOutputs> = {
    typeName: TYPE_NAME,
    schema: connectionSchema,
    clients: (apis) => void apis.selfHosted(),
    // The API keeps a password it is not sent: removing the password can only be done by a new connection.
    replaceKeys: (olds, news, changed) => (changed.has("password") && news.password === undefined && olds.password !== undefined ? ["password"] : []),
    // The declared password stands for the adopted connection's own: it cannot be read, so it is not re-sent.
    adoption: { id: hex24, seed: (inputs) => inputs },

    secrets: ["password"],

    async create(ctx, inputs) {
        // A lost create is recognised by its name, host and user among the connections no resource claimed.
        const matches = (c: WireConnection) => c.name === inputs.name && c.host === inputs.host && c.username === inputs.username;
        const twin = unmanagedTwin(TYPE_NAME, matches, "name, host and username");
        const created = await connections(ctx).create(label("create", inputs), connectionBody(inputs, true), matches, twin);
        return { id: created.id, outs: readConnection(ctx, created, inputs).outs };
    },

    async read(ctx, id, olds) {
        const connection = await connections(ctx).read(label("read", olds, id), id);
        return connection && readConnection(ctx, connection, olds);
    },

    update: async (ctx, id, _olds, news) =>
        readConnection(ctx, await connections(ctx).update(label("update", news, id), id, connectionBody(news, false)), news).outs,

    delete: (ctx, id, olds) => connections(ctx).delete(label("delete", olds, id), id),
};

/** The connection provider the SDK's provider text loads. */
export const connection = dynamicProvider(definition);
