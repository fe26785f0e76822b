import assert from "node:assert/strict";
import { ListCache } from "../../provider/api/http/listCache";
import { VirtualClock } from "../support/virtualClock";

describe("list cache", function () {
    it("counts a list's age from its answer, so that a list that queued for rate budget is shared when it comes", async function () {
        const clock = new VirtualClock();
        const cache = new ListCache(10_000, clock);
        let loads = 0;
        const load = async () => {
            loads++;
            // The request waits 30 s for budget before it is answered.
            await clock.sleep(30_000);
            return [loads];
        };

        assert.deepEqual(await cache.get("dashboards", load), [1]);
        await clock.sleep(5_000);
        assert.deepEqual(await cache.get("dashboards", load), [1], "5 s after its answer the list is still shared");
        await clock.sleep(6_000);
        assert.deepEqual(await cache.get("dashboards", load), [2], "11 s after its answer it is loaded again");
        assert.deepEqual(cache.stats, { hits: 1, loads: 2 });
    });

    it("forgets a failed load and shares nothing after a clear", async function () {
        const cache = new ListCache(10_000, new VirtualClock());
        await assert.rejects(
            cache.get("alerts", () => Promise.reject(new Error("boom"))),
            /boom/,
        );
        assert.deepEqual(await cache.get("alerts", async () => ["fresh"]), ["fresh"]);
        cache.clear();
        assert.deepEqual(await cache.get("alerts", async () => ["after clear"]), ["after clear"]);
    });
});
