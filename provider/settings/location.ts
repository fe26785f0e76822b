import { z } from "zod";
import type { Settings, Variant } from "./config";
import { cloudId, Timeouts } from "../common/fields";
import { containsUnknown } from "../common/unknown";

// Where an object lives: the variant, and on the cloud API the organization and service (observability objects,
// pipes, endpoints, CDC scaling and the query endpoint alike).

/** The organization and service a caller names; the settings fill what is missing. */
export interface ServiceIds {
    organizationId?: string;
    serviceId?: string;
}

/** Where an object of a cloud service lives, as its resource reports it: the ids resolved from the inputs or the settings. */
export interface ResolvedService {
    /** The resolved organization id. */
    organizationId: string;
    /** The resolved service id. */
    serviceId: string;
}

/**
 * The inputs that choose the service a cloud resource lives in. Spread them into a resource schema:
 * `z.strictObject({ ...serviceSchema, ... })`; `withSettingDefaults` resolves them at `check`.
 */
export const serviceSchema = {
    /** The organization (UUID). Defaults to the `observability:organizationId` setting; a change replaces the resource. */
    organizationId: cloudId.optional(),
    /** The service (UUID). Defaults to the `observability:serviceId` setting; a change replaces the resource. */
    serviceId: cloudId.optional(),
};

/** The outputs of a resource that lives in a cloud service: its checked inputs, with the organization and service resolved. */
export type InService<Inputs> = Omit<Inputs, keyof ResolvedService> & ResolvedService;

/** Inputs that default to the setting of the same name. */
export type SettingDefaultKey = "organizationId" | "serviceId";

/**
 * For `ResourceDefinition.complete`: fills the omitted `keys` from their settings (stack config, then the
 * environment), so that state holds the ids actually used and the diff sees a changed setting. Throws a
 * setting error naming both places when neither the input nor the setting is there.
 */
export function withSettingDefaults<T extends Partial<Record<SettingDefaultKey, string>>, K extends SettingDefaultKey>(
    inputs: T,
    settings: Settings,
    keys: readonly K[],
): T & Record<K, string> {
    const located = {} as Record<K, string>;
    for (const key of keys) located[key] = settings.uuid(key, inputs[key]);
    return { ...inputs, ...located };
}

/**
 * For `ResourceDefinition.replaceKeys`: the `keys` among `changed` whose new value is known to differ or is
 * unknown (preview). An omitted value is not a move: `check` leaves it out only while other inputs are still
 * unknown, and resolves it from the settings once they are known.
 */
export function movedKeys(news: Partial<Record<SettingDefaultKey, unknown>>, changed: ReadonlySet<string>, keys: readonly SettingDefaultKey[]): string[] {
    return keys.filter((key) => changed.has(key) && (containsUnknown(news[key]) || news[key] !== undefined));
}

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
export interface TargetInputs extends ServiceIds {
    variant?: Variant;
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
export interface ResolvedTarget extends ServiceIds {
    /** The organization and service are set for the managed variant only. */
    variant: Variant;
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
