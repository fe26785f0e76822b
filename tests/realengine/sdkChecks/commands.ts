/** The toolchain commands the SDK checks run (`go`, `python3`, `tsc`, `dotnet`), without blocking the event loop. */
import { spawn } from "node:child_process";
import { findOnPath } from "../../../tools/engine/onPath";

/** What a command did. */
export interface CommandResult {
    readonly code: number | null;
    /** stdout then stderr. */
    readonly output: string;
}

/** Runs a command to its end; never rejects for a failing exit code (the caller asserts on it). */
export function runCommand(file: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<CommandResult> {
    return new Promise((resolve, reject) => {
        const child = spawn(file, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ["ignore", "pipe", "pipe"] });
        let stdout = "";
        let stderr = "";
        child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
        child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
        child.once("error", reject);
        child.once("close", (code) => resolve({ code, output: `${stdout}${stderr}` }));
    });
}

/** Runs a command and rejects, with its output, unless it exits with 0. */
export async function mustRun(file: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
    const result = await runCommand(file, args, options);
    if (result.code !== 0) throw new Error(`${file} ${args.join(" ")} exited with ${String(result.code)} in ${options.cwd}:\n${result.output}`);
    return result.output;
}

/** Whether an executable of that name is on `PATH`. */
export function onPath(name: string): boolean {
    return findOnPath(name) !== undefined;
}
