import { listAll } from "../../api/paging";
import type { ExportedObject, KindExport } from "../../engine/exporter";
import { toJson } from "../../common/values";
import { readConnection } from "./provider";
import { wireConnection } from "./wire";

/** Connections (self-hosted only) for the export command; their passwords become secret config lookups. */
export const connectionExport = {
    kind: "connections",
    aliases: ["connection"],
    label: "connections",
    lives: "observability",
    nouns: ["connection", "connections"],
    named: true,
    references: [],
    reference: { variable: "connection", byId: true },
    declaration: (exported) => ({ names: [exported.name ?? "", "connection"], header: [`Connection ${JSON.stringify(exported.name)} (self-hosted)`] }),
    secretEntries(exported, config) {
        // The API says nothing of the password, not even whether there is one: a connection without one must not need one.
        const holds = `password of connection ${JSON.stringify(exported.name)}, if it has one (updates without it keep the stored one)`;
        const { key, value } = config.optional("password", "string", holds);
        const before = [
            "The API never returns the password: set it before `pulumi up` if the connection has one (adoption does not",
            "send it, later changes do).",
            `  pulumi config set --secret ${key}   # optional`,
        ];
        return [{ key: "password", value, before }];
    },
    readme: {
        secrets: [
            "- Connection passwords, which the API never returns, are read from the secret config keys above, never written",
            "  into the program. Adoption does not send them; set the real values of the connections that have one anyway,",
            "  because later changes of a connection do (a connection without one needs none).",
        ],
    },
    async list({ ctx, target, keep, count }) {
        // The managed variant's connection is the platform's own: not manageable, so not exported.
        if (target.variant !== "self-hosted") return [];
        const exported: ExportedObject[] = [];
        for (const wire of await listAll(ctx.apis.selfHosted(), "export: list connections", "/connections", wireConnection, ctx.signal)) {
            if (!keep(wire.name)) continue;
            const { inputs } = readConnection(ctx, wire, { password: undefined, timeouts: undefined });
            exported.push({ id: wire.id, name: wire.name, inputs: toJson(inputs) });
            count(exported.length);
        }
        return exported;
    },
} as const satisfies KindExport<"connections">;
