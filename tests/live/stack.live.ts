// Whole stacks against the real self-hosted server, through every host of HOST_DRIVERS (`npm run test:live`).
import { HOST_DRIVERS, type LiveStack } from "./hosts";
import { keyPool } from "./hooks";
import { SCENARIOS } from "./scenarios";
import { RUN_PREFIX } from "./server";

for (const driver of HOST_DRIVERS) {
    describe(`Live stacks through ${driver.name}`, function () {
        this.timeout(15 * 60_000);
        SCENARIOS.forEach((scenario, index) => {
            it(scenario.title, async function () {
                // The scenarios take turns with the keys, so that one waits for its key's window less often.
                const keys = await keyPool();
                const { server, raw } = keys[index % keys.length];
                const prefix = `${RUN_PREFIX}-${driver.name.replace(/\W+/g, "")}-s${index}`;
                const stacks: LiveStack[] = [];
                const openStack = async () => {
                    const stack = await driver.open(server);
                    stacks.push(stack);
                    return stack;
                };
                // What a failed scenario leaves on the server, the suite's last hook deletes (by the run's prefix).
                try {
                    await scenario.run({ stack: await openStack(), raw, prefix, openStack });
                } finally {
                    for (const stack of stacks) await stack.close();
                }
            });
        });
    });
}
