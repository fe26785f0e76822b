/** Runs seeded sequences of commands, each on a fresh world, and reports a failure with its seed and commands. */
import fc from "fast-check";
import { allCommands } from "./commands";
import { emptyModel, type Model } from "./model";
import { checkStack, declareProgram, destroyAndCheck, startWorld, type World, type WorldOptions } from "./runner";

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
    /** How many steps the engine runs at once (default: the CLI's default, `4 × CPUs`). */
    parallel?: number;
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
        await runSequence(sequenceOf(seed, options.maxCommands), options.parallel, `seed ${seed}`);
        done++;
        options.progress?.(done, seed);
    }
    return done;
}

/**
 * The sequence of commands of a seed: between half of `maxCommands` and `maxCommands` of them.
 * @param seed the seed
 * @param maxCommands most commands in the sequence
 */
export function sequenceOf(seed: number, maxCommands: number): fc.AsyncCommand<Model, World>[] {
    const [sampled] = fc.sample(fc.array(fc.oneof(...allCommands()), { minLength: Math.ceil(maxCommands / 2), maxLength: maxCommands }), {
        seed,
        numRuns: 1,
    });
    return sampled ?? [];
}

/**
 * Runs one sequence of commands on a fresh world, then destroys the stack; a failure names `what` (the seed), the
 * commands and the log of steps.
 * @param commands the commands, in order
 * @param parallel how many steps the engine runs at once (default: the CLI's default)
 * @param what what the sequence is, for the failure message
 * @param options how the world runs its steps (see {@link startWorld}), and what to look at before the destroy
 * @returns the world (its record of every command its engine ran)
 */
export async function runSequence(
    commands: readonly fc.AsyncCommand<Model, World>[],
    parallel: number | undefined,
    what: string,
    options: WorldOptions & { beforeDestroy?: (world: World) => void } = {},
): Promise<World> {
    const world = await startWorld(parallel, options);
    try {
        const model = emptyModel();
        await fc.asyncModelRun(() => ({ model, real: world }), commands);
        if (!world.checkEveryStep) await checkStack(world, model, declareProgram(model, world.env), "after the last step");
        options.beforeDestroy?.(world);
        await destroyAndCheck(world, model);
        return world;
    } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw Object.assign(new Error(`model run failed with ${what}:\n${world.log.join("\n")}\n${message}`), { cause: error });
    } finally {
        await world.stack.close();
    }
}
