import { targetClients } from "../../api/apis";
import { ApiError } from "../../api/http/errors";
import { collectionKind } from "../../engine/collectionKind";
import type { RuleFailure } from "../../engine/dynamicProvider";
import { where, type Settings } from "../../settings/config";
import { roleSchema, type RoleInputs } from "./schema";
import { roleBody, roleFieldsFromWire, wireRole } from "./wire";

/** Why a role cannot be declared on the self-hosted variant. */
export const SELF_HOSTED_HAS_NO_ROLES =
    "the self-hosted server serves no roles (only the managed variant's API has them): declare roles on the managed variant";

/** Where the variant of a declaration comes from, for the refusal of the self-hosted one. */
function variantRules(inputs: RoleInputs, settings: Settings): RuleFailure[] {
    if (settings.variant(inputs.variant) === "managed") return [];
    const fix = inputs.variant === undefined ? `set \`variant: "managed"\` (${where("variant")} says self-hosted)` : 'set `variant: "managed"`';
    return [{ path: ["variant"], message: `${SELF_HOSTED_HAS_NO_ROLES}: ${fix}, or remove this Role` }];
}

/**
 * The service refuses (400) to delete a role still assigned to users or the team's default role (the document's
 * `observabilityDeleteRole`): the delete fails, saying so, and the role stays in the stack.
 */
function refusedDelete(error: unknown): unknown {
    if (!(error instanceof ApiError) || error.status !== 400) return error;
    return new ApiError({
        operation: error.operation,
        method: error.method,
        path: error.path,
        status: error.status,
        requestId: error.requestId,
        serverMessage: error.serverMessage,
        hint:
            "The service does not delete a role that is still assigned to users, nor the team's default role: assign those users " +
            "another role and choose another default role in the console, then run again. Nothing was deleted and the role stays in the stack",
    });
}

/**
 * The managed variant's custom roles (`…/observability/roles`). The list holds the predefined roles too, which no stack
 * owns: `check` refuses their names and the export leaves them out. Everything changes in place (the permissions are
 * replaced whole); only a move to another organization or service replaces the role.
 */
export const roleKind = collectionKind({
    typeName: "Role",
    segment: "roles",
    schema: roleSchema,
    wire: wireRole,
    // A self-hosted declaration is refused by the rules, so it needs no self-hosted settings.
    clients: (apis, inputs) => {
        const declared = inputs.variant;
        if (declared === "self-hosted" || (declared === undefined && apis.settings.variant() === "self-hosted")) return;
        targetClients(apis, { ...inputs, variant: "managed" });
    },
    rules: variantRules,
    onlyVariant: "managed",
    body: (inputs, { olds }) => roleBody(inputs, olds),
    fields: roleFieldsFromWire,
    // A name is unique in the team: a lost create is recognised by it.
    identity: ({ name }) => ({ name }),
    createdAt: (wire) => wire.createdAt,
    ownable: (wire) => !wire.isPredefined,
    deleteFailure: refusedDelete,
});

/** The role provider the SDK's provider text loads. */
export const role = roleKind.provider;
