import type { ManualClock } from "../emulator/clock";
import { eventually } from "./emulatorConfig";
import type { EmulatedStack } from "./stackStart";

/** How long the server holds the reads, on its clock. */
const HELD_MS = 1_000;

/**
 * Runs `run` (an `up` in which two resources read one object as their create's first request, such as two adoptions of
 * one id) with the server holding the first two reads of `pathIncludes` until both have reached it, or until the host
 * refused a create meanwhile: the two creates are then at once whatever the timing, as the engine's parallel steps
 * make them. Resolves with how `run` ended.
 * @param stack the stack whose host and emulator run it
 * @param clock the emulator's clock
 * @param pathIncludes the reads to hold, by a part of their path (`/dashboards/<id>`)
 * @param run the run
 */
export async function startedTogether<T>(
    stack: EmulatedStack,
    clock: ManualClock,
    pathIncludes: string,
    run: () => Promise<T>,
): Promise<PromiseSettledResult<T>> {
    const refused: unknown[] = [];
    const { host } = stack;
    const create = host.create.bind(host);
    host.create = async (urn, properties) => {
        try {
            return await create(urn, properties);
        } catch (error) {
            refused.push(error);
            throw error;
        }
    };
    stack.emu.faults.failNext(2, "slow", { method: "GET", pathIncludes }, { slowMs: HELD_MS });
    try {
        const [outcome] = await Promise.all([
            Promise.allSettled([run()]),
            (async () => {
                // One read is held; the other either is held too or its create was refused first.
                await clock.untilSleeping(1);
                let raced = false;
                await Promise.race([clock.untilSleeping(2), eventually(() => raced || refused.length > 0)]);
                raced = true;
                clock.advance(HELD_MS);
            })(),
        ]);
        return outcome[0] as PromiseSettledResult<T>;
    } finally {
        stack.emu.faults.clear();
        delete (host as { create?: unknown }).create;
    }
}
