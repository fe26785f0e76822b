import { exportEach } from "../../engine/exportEach";
import type { KindExport } from "../../engine/exporter";
import { toJson } from "../../common/values";
import { connections, readConnection } from "./provider";

/** Connections (self-hosted only) for the export command; their passwords become secret config lookups. */
export const connectionExport = {
    kind: "connections",
    aliases: ["connection"],
    lives: "observability",
    nouns: ["connection", "connections"],
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
    async list(scope) {
        // The managed variant's connection is the platform's own: not manageable, so not exported.
        if (scope.target.variant !== "self-hosted") return [];
        const { ctx } = scope;
        const listed = await connections(ctx).list("export: list connections");
        return exportEach(
            scope,
            listed,
            (wire) => wire.name,
            (wire) => ({ id: wire.id, name: wire.name, inputs: toJson(readConnection(ctx, wire, {}).inputs) }),
        );
    },
} as const satisfies KindExport<"connections">;
