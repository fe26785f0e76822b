/** What the engine suite's tests compare: steps per resource, and secrets nowhere in plain text. */
import type { Step } from "./pulumiCli";

/**
 * The engine's steps as `{ <resource name>: <op> }`; a resource with several steps (a replacement) lists them joined
 * by `,` in the order the engine reported them.
 * @param steps the steps of one command
 */
export function opsByName(steps: readonly Step[]): Record<string, string> {
    const ops: Record<string, string> = {};
    for (const step of steps) ops[step.name] = ops[step.name] === undefined ? step.op : `${ops[step.name]},${step.op}`;
    return ops;
}

/**
 * Which secrets appear in which texts, in the forms a text may carry them: raw, JSON-escaped, URL-encoded and base64.
 * @param texts the texts to search (state files, command output)
 * @param secrets the secret values
 * @returns one line per leak found, empty when none
 */
export function secretLeaks(texts: readonly string[], secrets: readonly string[]): string[] {
    const leaks: string[] = [];
    for (const secret of secrets) {
        const forms = new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret), Buffer.from(secret).toString("base64")]);
        texts.forEach((text, index) => {
            for (const form of forms) if (text.includes(form)) leaks.push(`text ${index} holds a secret (${form.length} characters) in plain text`);
        });
    }
    return leaks;
}
