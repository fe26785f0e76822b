import type { Settings } from "../../settings/config";
import { getOrGone, mustExist } from "../../api/gone";
import { path } from "../../common/ids";
import { createOnce } from "../../api/recovery";
import { dynamicProvider, normalizeReported, ResourceDefinition } from "../../engine/dynamicProvider";
import type { OperationContext } from "../../api/apis";
import { movedKeys, withSettingDefaults } from "../../settings/location";
import { OPTIONAL_SETTINGS, OrganizationSettingsInputs, OrganizationSettingsOutputs, organizationSettingsSchema } from "./schema";
import { Organization, organizationPatch, organizationResponse } from "./wire";

const TYPE_NAME = "OrganizationSettings";
const label = (organizationId: string) => `${TYPE_NAME} ${organizationId}`;
const organizationPath = (organizationId: string) => path`/organizations/${organizationId}`;

/** The organization; read it through `getOrGone` or `mustExist` (api/gone.ts) where it may be missing. */
export async function getOrganization(ctx: OperationContext, organizationId: string, operation: string): Promise<Organization> {
    return ctx.apis.cloud().request({ operation, method: "GET", path: organizationPath(organizationId), response: organizationResponse, signal: ctx.signal });
}

/**
 * Brings the organization to the declared settings: reads it, then PATCHes only what differs (nothing when
 * nothing does). A PATCH that ends without an answer is not sent blindly again: the organization is read,
 * and only what still differs is sent.
 */
async function applySettings(
    ctx: OperationContext,
    organizationId: string,
    desired: OrganizationSettingsInputs,
    verb: "create" | "update",
): Promise<Organization> {
    const operation = `${verb} ${label(organizationId)}`;
    const patchOnce = async (): Promise<Organization> => {
        const current = await getOrganization(ctx, organizationId, operation);
        const patch = organizationPatch(current, desired);
        if (patch === undefined) return current;
        return ctx.apis
            .cloud()
            .request({ operation, method: "PATCH", path: organizationPath(organizationId), body: patch, response: organizationResponse, signal: ctx.signal });
    };
    const appliedAlready = async (): Promise<Organization | undefined> => {
        const current = await getOrganization(ctx, organizationId, `${operation} (check after a failed request)`);
        return organizationPatch(current, desired) === undefined ? current : undefined;
    };
    // The wait after a lost PATCH runs on the client's clock and tells the user through its notices.
    const result = await createOnce(patchOnce, appliedAlready, ctx.apis.cloud());
    const pending = organizationPatch(result, desired);
    if (pending !== undefined) {
        // Accepting it silently would leave a change that every plan shows again.
        throw new Error(
            `${operation}: the service answered without applying ${JSON.stringify(pending)}; check the key's role (an admin key is needed) and run the update again`,
        );
    }
    return result;
}

/** Outputs: the organization as reported, plus the resolved id, which settings are managed and the timeouts. */
function outputsOf(org: Organization, kept: Pick<OrganizationSettingsOutputs, "organizationId" | "managedFields" | "timeouts">): OrganizationSettingsOutputs {
    return { ...org, ...kept };
}

/**
 * The read mapping (refresh, export): the outputs, and as inputs only the managed settings (`olds.managedFields`),
 * so that refresh shows their drift and nothing else.
 */
export function readOrganization(
    settings: Settings,
    org: Organization,
    olds: Pick<OrganizationSettingsOutputs, "organizationId" | "managedFields" | "timeouts">,
): { outs: OrganizationSettingsOutputs; inputs: OrganizationSettingsInputs } {
    const managed = new Set(olds.managedFields ?? []);
    const reported = {
        organizationId: olds.organizationId,
        ...(managed.has("name") ? { name: org.name } : {}),
        ...(managed.has("privateEndpoints") ? { privateEndpoints: org.privateEndpoints } : {}),
        timeouts: olds.timeouts,
    };
    const inputs = normalizeReported(definition, settings, reported);
    return { outs: outputsOf(org, { organizationId: olds.organizationId, managedFields: olds.managedFields ?? [], timeouts: olds.timeouts }), inputs };
}

/** The optional settings the program declares. */
const managedFieldsOf = (inputs: OrganizationSettingsInputs) => OPTIONAL_SETTINGS.filter((key) => inputs[key] !== undefined);

/** What a refresh or an import reads the organization with: which one, and the settings the stack manages. */
type OrganizationSettingsSeed = OrganizationSettingsInputs & Pick<OrganizationSettingsOutputs, "organizationId" | "managedFields">;

const definition: ResourceDefinition<typeof organizationSettingsSchema, OrganizationSettingsOutputs, OrganizationSettingsSeed> = {
    typeName: TYPE_NAME,
    schema: organizationSettingsSchema,
    complete: (inputs, settings) => withSettingDefaults(inputs, settings, ["organizationId"]),
    unmanagedWhenOmitted: OPTIONAL_SETTINGS,
    clients: (apis) => void apis.cloud(),
    replaceKeys: (_olds, news, changed) => movedKeys(news, changed, ["organizationId"]),
    // An import names the organization (the resource's id) and manages every setting it reads.
    imported: (id) => ({ organizationId: id, managedFields: [...OPTIONAL_SETTINGS] }),

    async create(ctx, inputs) {
        const organizationId = ctx.apis.settings.uuid("organizationId", inputs.organizationId);
        const org = await mustExist(
            applySettings(ctx, organizationId, inputs, "create"),
            "The organization must exist and the cloud API key must belong to it: check organizationId or the `observability:organizationId` setting",
        );
        return { id: org.id, outs: outputsOf(org, { organizationId, managedFields: managedFieldsOf(inputs), timeouts: inputs.timeouts }) };
    },

    async read(ctx, _id, olds) {
        const org = await getOrGone(getOrganization(ctx, olds.organizationId, `read ${label(olds.organizationId)}`));
        return org && readOrganization(ctx.apis.settings, org, olds);
    },

    async update(ctx, _id, olds, news) {
        const organizationId = news.organizationId ?? olds.organizationId;
        const org = await applySettings(ctx, organizationId, news, "update");
        return outputsOf(org, { organizationId, managedFields: managedFieldsOf(news), timeouts: news.timeouts });
    },

    // The organization exists outside the stack: deleting the resource only forgets it.
    async delete() {},
};

/** The organization-settings provider the SDK's provider text loads. */
export const organizationSettings = dynamicProvider(definition);
