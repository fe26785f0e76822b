/**
 * Root hooks of the engine suite (`npm run test:engine`): it fails at once without a `pulumi` on `PATH`, saying what it
 * needs; after the run it prints the CLI's version and how many CLI commands ran per program, and removes the run's
 * backend and scratch folders.
 */
import { existsSync } from "node:fs";
import * as path from "node:path";
import { PACKAGE_NAME, REPO_ROOT } from "../harness/paths";
import { assertBuilt, ensureSelfLink } from "../harness/providerText";
import { madeCli, runCli } from "./suite";

export const mochaHooks = {
    beforeAll(): void {
        const cli = runCli();
        // Programs import the package by name, and the dynamic-provider host loads its providers by name: both resolve
        // through the repository's own node_modules.
        assertBuilt();
        ensureSelfLink();
        console.log(`  engine suite: ${cli.cli.path} (${cli.cli.version})`);
    },
    afterEach(): void {
        // An npm run in the repository (the CLI installs the package of a plugin folder it is given) prunes the link every
        // later program resolves the package by: the test that did it fails here, not the ones after it.
        if (!existsSync(path.join(REPO_ROOT, "node_modules", PACKAGE_NAME))) {
            throw new Error(`this test removed node_modules/${PACKAGE_NAME}, the link the suite's programs import the package by`);
        }
    },
    afterAll(): void {
        const cli = madeCli();
        if (!cli) return;
        console.log("  CLI commands per program:");
        for (const [program, count] of [...cli.commandsPerProgram].sort(([a], [b]) => a.localeCompare(b))) console.log(`    ${program}: ${count}`);
        cli.dispose();
    },
};
