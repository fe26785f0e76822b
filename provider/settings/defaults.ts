import type { Settings } from "./config";
import { containsUnknown } from "../engine/unknown";

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
