/**
 * How the engine suite's files declare their tests: one `describe` per target server (the emulator, and the real
 * self-hosted server when the environment names one), each with the run's shared CLI and a target started for it.
 */
import { pulumiOnPath, PulumiCli } from "./pulumiCli";
import type { EmulatorOptions } from "../emulator";
import { emulatorTarget, realServerTarget, type Target } from "./targets";

/** What a test of the suite works with. */
export interface SuiteContext {
    /** The run's CLI (one backend for the whole run; commands counted per program). */
    readonly cli: PulumiCli;
    /** The server of this `describe`. */
    readonly target: Target;
}

let shared: PulumiCli | undefined;

/** The run's one CLI, made on first use; fails at once, saying what it needs, without a `pulumi` on `PATH`. */
export function runCli(): PulumiCli {
    shared ??= new PulumiCli(pulumiOnPath());
    return shared;
}

/** The run's CLI if one was made (for the closing report). */
export function madeCli(): PulumiCli | undefined {
    return shared;
}

/** Which targets a file's tests run against. */
export interface SuiteOptions {
    /** The tests need the cloud API (the managed variant, pipes, organizations): the emulator only. */
    cloud?: boolean;
    /** The tests read the emulator's fixture records (a seeded team): the emulator only. */
    seeded?: boolean;
    /** More options of the emulator target (its clock, for tests that hold an answer). */
    emulator?: EmulatorOptions;
}

/**
 * Declares `body`'s tests once per target.
 * @param title the subject, completed with the target's name
 * @param body declares the tests with `it`, reading the context inside them
 */
export function engineSuite(title: string, body: (ctx: SuiteContext) => void, options: SuiteOptions = {}): void {
    const targets: { name: string; start: () => Promise<Target> }[] = [
        {
            name: options.seeded ? "the emulator (seeded)" : "the emulator",
            start: () => emulatorTarget({ ...options.emulator, fixtures: options.seeded ? "seeded" : "empty" }),
        },
    ];
    const real = realServerTarget();
    if (real && !options.cloud && !options.seeded) targets.push({ name: real.name, start: async () => real });
    for (const { name, start } of targets) {
        describe(`${title}, against ${name}`, function () {
            const ctx = {} as { cli: PulumiCli; target: Target };
            before(async function () {
                ctx.cli = runCli();
                ctx.target = await start();
            });
            after(async function () {
                await ctx.target?.close();
            });
            body(ctx);
        });
    }
}
