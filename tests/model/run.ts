/** Runs seeded sequences of commands, each on a fresh world, and reports a failure with its seed and commands. */
import fc from "fast-check";
import { allCommands } from "./commands";
import { emptyModel } from "./model";
import { destroyAndCheck, startWorld } from "./runner";

/** How much to run. */
export interface ModelRunOptions {
    /** First seed; run `i` uses `seed + i`, so a failure replays alone with `{seed: failingSeed, runs: 1}`. */
    seed: number;
    /** How many sequences. */
    runs: number;
    /** Most commands in one sequence. */
    maxCommands: number;
    /** Stop starting new sequences after this long (ms); a sequence under way finishes. */
    timeLimitMs?: number;
    /** Called after each sequence. */
    progress?: (done: number, seed: number) => void;
}

/**
 * Runs `runs` sequences, each with its own seed and emulator. Throws the first failure with the seed, the commands
 * and the log of steps. Returns the number of sequences run.
 */
export async function runModel(options: ModelRunOptions): Promise<number> {
    const started = Date.now();
    let done = 0;
    for (let i = 0; i < options.runs; i++) {
        if (options.timeLimitMs !== undefined && Date.now() - started > options.timeLimitMs) break;
        const seed = options.seed + i;
        const world = await startWorld();
        try {
            const [commands] = fc.sample(
                fc.array(fc.oneof(...allCommands()), { minLength: Math.ceil(options.maxCommands / 2), maxLength: options.maxCommands }),
                {
                    seed,
                    numRuns: 1,
                },
            );
            const model = emptyModel();
            await fc.asyncModelRun(() => ({ model, real: world }), commands);
            await destroyAndCheck(world, model);
        } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            throw Object.assign(new Error(`model run failed with seed ${seed}:\n${world.log.join("\n")}\n${message}`), { cause: error });
        } finally {
            await world.stack.close();
        }
        done++;
        options.progress?.(done, seed);
    }
    return done;
}
