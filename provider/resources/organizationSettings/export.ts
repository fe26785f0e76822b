import type { ExportedObject, KindExport } from "../../engine/exporter";
import { toJson } from "../../common/values";
import { getOrganization, readOrganization } from "./provider";
import { OPTIONAL_SETTINGS } from "./schema";

/** The organization's settings (its name and private endpoints) for the export command. */
export const organizationSettingsExport = {
    kind: "organization",
    aliases: ["organizationsettings"],
    label: "organization",
    lives: "cloud",
    nouns: ["organization", "organizations"],
    declaration: (exported) => ({
        names: ["organization"],
        header: [`Organization ${JSON.stringify(exported.name)}: its name and private endpoints (deleting the resource only forgets them)`],
    }),
    async list({ ctx, service, keep, count }) {
        if (!service) return [];
        const org = await getOrganization(ctx, service.organizationId, "export: read the organization");
        const exported: ExportedObject[] = [];
        if (keep(org.name)) {
            const { inputs } = readOrganization(ctx.apis.settings, org, {
                organizationId: service.organizationId,
                managedFields: [...OPTIONAL_SETTINGS],
                timeouts: undefined,
            });
            exported.push({ id: org.id, name: org.name, inputs: toJson(inputs) });
        }
        count(exported.length);
        return exported;
    },
} as const satisfies KindExport<"organization">;
