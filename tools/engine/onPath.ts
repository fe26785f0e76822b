import { accessSync, constants, statSync } from "node:fs";
import * as path from "node:path";

/**
 * The executable `name` in the first directory of `PATH` that holds one, as a shell would run it (found here, not
 * through a shell), or undefined.
 */
export function findOnPath(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
    for (const dir of (env.PATH ?? "").split(path.delimiter).filter((entry) => entry !== "")) {
        const file = path.join(dir, name);
        try {
            accessSync(file, constants.X_OK);
            if (statSync(file).isFile()) return file;
        } catch {
            // not here
        }
    }
    return undefined;
}

/** The `pulumi` on `PATH`, or undefined: `npm run sdks`, `npm run docs:examples` and the engine suite look it up so. */
export function findPulumi(env: NodeJS.ProcessEnv = process.env): string | undefined {
    return findOnPath("pulumi", env);
}
