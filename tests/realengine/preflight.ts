/** `npm run test:engine` starts here: without a `pulumi` on PATH it fails at once, before building, saying what it needs. */
import { pulumiOnPath } from "./pulumiCli";

try {
    pulumiOnPath();
} catch (error) {
    console.error(`test:engine: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
}
