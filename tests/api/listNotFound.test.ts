import assert from "node:assert/strict";
import { z } from "zod";
import { collectionAt } from "../../provider/api/collection";
import type { ResolvedTarget } from "../../provider/settings/location";
import { Emulator } from "../emulator";
import { emulatorApis } from "../support/emulatorConfig";

/**
 * A 404 from a list (the one a create takes before its POST, or the one a webhook is read through) says that the
 * URL, the organization or the service is wrong, naming them: never that an object was deleted outside Pulumi, and
 * never with the markup of an HTML error page.
 */
describe("a 404 from a list names the URL or the ids", function () {
    let emu: Emulator;
    const UNKNOWN = "00000000-0000-4000-8000-000000000000";
    const wire = z.looseObject({ id: z.string(), name: z.string() });

    before(async () => (emu = await Emulator.start({ rateLimits: false })));
    beforeEach(() => emu.clearRequests());
    after(async () => emu?.close());

    async function createFails(target: ResolvedTarget, extra: Record<string, string> = {}): Promise<string> {
        const ctx = { apis: emulatorApis(emu, extra), signal: new AbortController().signal };
        const error = await collectionAt(ctx, target, "dashboards", wire)
            .create('create Dashboard "web"', { name: "web", tiles: [] }, () => false, { is: () => false, by: "name" })
            .then(
                () => undefined,
                (e: unknown) => e,
            );
        assert.ok(error instanceof Error, "the create fails");
        assert.doesNotMatch(error.message, /deleted outside Pulumi/);
        assert.doesNotMatch(error.message, /<[a-z!]/i, "no markup");
        assert.ok(!emu.requests.some((r) => r.method === "POST"), "nothing is posted");
        return error.message;
    }

    const managed = (organizationId: string, serviceId: string): ResolvedTarget => ({ variant: "managed", organizationId, serviceId });

    it("an apiUrl that ends in /api/v2: the URL requested and the setting", async () => {
        const message = await createFails({ variant: "self-hosted" }, { "observability:apiUrl": `${emu.url}/api/v2` });
        assert.match(message, /HTTP 404: an HTML page: Cannot GET \/api\/v2\/api\/v2\/dashboards\./);
        assert.ok(message.includes(`Nothing is served at ${emu.url}/api/v2/api/v2/dashboards: check \`observability:apiUrl\``), message);
        assert.match(message, /base URL without `\/api\/v2`/);
    });

    it("a wrong service: its id and the settings", async () => {
        const message = await createFails(managed(emu.credentials.organizationId, UNKNOWN));
        assert.ok(message.includes(`/services/${UNKNOWN}/observability/dashboards`), message);
        assert.match(
            message,
            /Service not found\. The organization or the service in this path does not exist for this key: check the resource's organizationId and serviceId/,
        );
    });

    it("a wrong organization: its id and the settings", async () => {
        const message = await createFails(managed(UNKNOWN, emu.credentials.serviceId));
        assert.ok(message.includes(`/organizations/${UNKNOWN}/services/`), message);
        assert.match(message, /Organization not found\. The organization or the service in this path does not exist/);
    });

    it("a read through the list (webhooks) fails instead of declaring the object gone", async () => {
        const ctx = { apis: emulatorApis(emu), signal: new AbortController().signal };
        const webhooks = collectionAt(ctx, managed(emu.credentials.organizationId, UNKNOWN), "webhooks", wire, { byId: false });
        await assert.rejects(webhooks.read("read Webhook", emu.fixtures.webhooks.generic.id), /Service not found\. The organization or the service/);
    });
});
