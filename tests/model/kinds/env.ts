import type { Fixtures } from "../../emulator/store/fixtures";
import type { OutputsByName } from "../../harness/engine";
import type { PropertyMap } from "../../harness/host";
import type { Variant } from "../model";

/** What a kind's declaration needs from the world: the emulator's fixtures and the providers' texts. */
export interface DeclareEnv {
    /** Each variant's fixture records (their ids differ, as two services' do). */
    fixtures: Record<Variant, Fixtures>;
    /** The managed service's platform connection, which managed sources name. */
    managedConnectionId: string;
    /** `__provider` text by registry key. */
    providers: Record<string, string>;
}

/** The id of a model resource (`outputs[name].id`), or the fixture's id when the model names none. */
export function idOr(outputs: OutputsByName, name: string | undefined, fixtureId: string): string {
    return name === undefined ? fixtureId : String(outputs[name].id);
}

/** The `variant` input and, when the resource adopts an object, `adoptId`. */
export function common(record: { variant: Variant; adoptId?: string }): PropertyMap {
    return { variant: record.variant, ...(record.adoptId === undefined ? {} : { adoptId: record.adoptId }) };
}
