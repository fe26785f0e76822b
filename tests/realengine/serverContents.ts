/**
 * What an emulator holds, written so that two emulators can be compared: every object of both teams, the pipes, the
 * query endpoint, the team's members and invitations and the managed team's roles, each as JSON in which the ids of the
 * stack's objects (and their tiles and filters) are `<Type name>`, the fixtures' ids `<fixture …>`, the credentials'
 * organization and service and the emulator's address fixed words, and any other id or time a placeholder. Two runs of
 * one program against two emulators then hold the same contents exactly when they made the same objects with the same
 * fields and the same references.
 */
import { pipesState } from "../emulator/routes/pipes";
import { rolesState } from "../emulator/routes/observability/roles";
import { queryEndpointState } from "../emulator/routes/queryEndpoint";
import { parseUrn } from "../harness/host";
import { COLLECTIONS, VARIANTS } from "../model/model";
import { engineOf, teamOf, type World } from "../model/runner";

/** Per place (`self-hosted/dashboards`, `pipes`, …), its objects as sorted canonical JSON. */
export type ServerContents = Record<string, string[]>;

/**
 * The world's emulator's contents, with the ids of the world's stack (its engine's state) as names.
 * @param world the world after its last command
 */
export function serverContents(world: World): ServerContents {
    const { emu } = world.stack;
    const names = new Map<string, string>();
    for (const [u, state] of engineOf(world).state) {
        const { type, name } = parseUrn(u);
        const kind = type.split(":").pop() ?? type;
        names.set(state.id, `<${kind} ${name}>`);
        for (const key of ["tileIds", "filterIds"] as const) {
            const ids = state.outputs[key];
            if (ids && typeof ids === "object")
                for (const [item, id] of Object.entries(ids)) if (typeof id === "string") names.set(id, `<${name} ${key} ${item}>`);
        }
    }
    for (const variant of VARIANTS) collectIds(world.env.fixtures[variant], `fixture ${variant}`, names);
    names.set(world.env.managedConnectionId, "<managed connection>");
    names.set(emu.credentials.organizationId, "<organization>");
    names.set(emu.credentials.serviceId, "<service>");
    names.set(emu.url, "<emulator>");
    const canonical = (value: unknown): string => {
        let text = JSON.stringify(value);
        // Longest first, so that an id inside a longer known string is never replaced before it.
        for (const [id, name] of [...names].sort(([a], [b]) => b.length - a.length)) text = text.split(id).join(name);
        return text
            .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<time>")
            .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<uuid>")
            .replace(/\b[0-9a-f]{24}\b/g, "<id>");
    };
    const contents: ServerContents = {};
    const add = (place: string, values: Iterable<unknown>) => (contents[place] = [...values].map(canonical).sort());
    for (const variant of VARIANTS) for (const collection of COLLECTIONS) add(`${variant}/${collection}`, teamOf(world, variant)[collection].values());
    add("pipes", pipesState(emu.cloud).pipes.values());
    const endpoint = queryEndpointState(emu.cloud).endpoint;
    add("queryEndpoint", endpoint ? [endpoint] : []);
    add("roles", rolesState(emu.cloud).roles.values());
    const team = emu.store.selfHosted;
    add(
        "teamMembers",
        [...team.members.values()].map((user) => user.email),
    );
    add(
        "invitations",
        [...team.invitations.values()].map((invitation) => invitation.email),
    );
    return contents;
}

/** Records `<label path>` for every `id` field of the fixtures, by its path. */
function collectIds(value: unknown, label: string, names: Map<string, string>): void {
    if (typeof value !== "object" || value === null) return;
    for (const [key, item] of Object.entries(value)) {
        if (key === "id" && typeof item === "string") names.set(item, `<${label}>`);
        else collectIds(item, `${label}.${key}`, names);
    }
}
