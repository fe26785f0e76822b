import type { ExportedObject, KindExport } from "../../engine/exporter";
import { roleKind } from "./provider";

/**
 * The managed team's custom roles for the export command (the predefined ones are the service's own and left out).
 * The self-hosted server has no roles: nothing to export there.
 */
export const roleExport = {
    kind: "roles",
    aliases: ["role"],
    lives: "observability",
    nouns: ["role", "roles"],
    reference: { variable: "role", byId: false },
    declaration: (exported) => {
        const permissions = Array.isArray(exported.inputs.permissions) ? exported.inputs.permissions.length : 0;
        return {
            names: [exported.name ?? "", "role"],
            header: [`Role ${JSON.stringify(exported.name)} (${permissions} permission${permissions === 1 ? "" : "s"})`],
        };
    },
    list: (scope) => (scope.target.variant === "managed" ? roleKind.exported(scope) : Promise.resolve([])),
} as const satisfies KindExport<"roles", ExportedObject>;
