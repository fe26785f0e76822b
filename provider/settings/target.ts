import { z } from "zod";
import type { Settings, Variant } from "./config";
import { cloudId, Timeouts } from "../engine/fields";
import { containsUnknown } from "../engine/unknown";

/**
 * The inputs that choose where a dashboard or alert lives. Spread them into a resource schema:
 * `z.object({ ...targetSchema, ... })`. What they resolve to at create is kept in the `target` output, and the
 * object stays there: a later change of the settings never moves (replaces) existing objects, only a changed
 * input does.
 */
export const targetSchema = {
    /**
     * `self-hosted` (the `{apiUrl}/api/v2` API) or `managed` (the observability API of a cloud service).
     * Defaults to the `observability:variant` setting, then `self-hosted`. Changing it replaces the object.
     */
    variant: z.enum(["self-hosted", "managed"]).optional(),
    /** Managed only: the organization (UUID). Defaults to `observability:organizationId`. Changing it replaces the object. */
    organizationId: cloudId.optional(),
    /** Managed only: the service (UUID). Defaults to `observability:serviceId`. Changing it replaces the object. */
    serviceId: cloudId.optional(),
};

/** The target inputs as the user wrote them. */
export interface TargetInputs {
    variant?: Variant;
    organizationId?: string;
    serviceId?: string;
}

/**
 * The inputs a read reports for an observability object, before normalization: where its declaration put it, the
 * server's fields, and the declared timeouts (local, never on the server).
 * @param declared the declaration's target inputs and timeouts
 * @param fields the server's fields, mapped to input names
 */
export function reportedAt<Fields extends object>(declared: TargetInputs & { timeouts?: Timeouts }, fields: Fields) {
    return { variant: declared.variant, organizationId: declared.organizationId, serviceId: declared.serviceId, ...fields, timeouts: declared.timeouts };
}

/** Where an object really lives, resolved once at create and kept in the `target` output. */
export interface ResolvedTarget {
    variant: Variant;
    /** Set for the managed variant only. */
    organizationId?: string;
    /** Set for the managed variant only. */
    serviceId?: string;
}

/** The target keys; a change of one of them that moves the object is a replacement. */
const TARGET_KEYS = ["variant", "organizationId", "serviceId"] as const;

/** Resolves the target inputs against the settings (config, then environment). Throws a setting error when incomplete. */
export function resolveTarget(settings: Settings, inputs: TargetInputs): ResolvedTarget {
    const variant = settings.variant(inputs.variant);
    if (variant === "self-hosted") return { variant };
    return { variant, organizationId: settings.uuid("organizationId", inputs.organizationId), serviceId: settings.uuid("serviceId", inputs.serviceId) };
}

/**
 * The target keys among `changed` whose new value moves the object away from `olds.target`. A key the user
 * leaves unset keeps the object where it lives (a later change of the settings never moves existing objects);
 * an unknown value (preview) is assumed to move it.
 */
export function targetReplaceKeys(olds: { target?: ResolvedTarget }, news: TargetInputs, changed: ReadonlySet<string>): string[] {
    const home = olds.target;
    return TARGET_KEYS.filter((key) => {
        if (!changed.has(key)) return false;
        const value = news[key];
        if (containsUnknown(value)) return true;
        // Old outputs without a target (or with a null one) give no home to move from.
        if (value === undefined || !home) return false;
        if (key !== "variant" && (news.variant ?? home.variant) === "self-hosted") return false;
        return value !== home[key];
    });
}
