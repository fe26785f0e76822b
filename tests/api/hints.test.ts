import assert from "node:assert/strict";
import { hintFor, type NotFoundContext } from "../../provider/api/http/hints";

const CONTEXT: NotFoundContext = {
    apiAnswered: true,
    list: false,
    url: "http://localhost:8000/api/v2/alerts",
    urlSetting: "observability:apiUrl",
    lookedIn: "the self-hosted API at http://localhost:8000",
};

describe("hints: a 400 that names a missing reference", function () {
    // The self-hosted server's words at b52a6fa8: packages/api/src/controllers/alerts.ts:73 (`Dashboard not found`),
    // :107 (`Saved search not found`), packages/api/src/routers/external-api/v2/utils/dashboards.ts:1435
    // (`Could not find the following source IDs: …`); the emulator's for a pipe's missing endpoint
    // (tests/emulator/domain/pipeNetworking/endpoints.ts).
    it("says where the ids were looked for when the server names a missing object of its own", function () {
        const endpoint = "Reverse private endpoint 0b3f6c1e-9d2a-4c5b-8e7f-1a2b3c4d5e6f not found";
        for (const message of [
            "Dashboard not found",
            "Saved search not found",
            "NOT_FOUND: Alert not found",
            "Could not find the following source IDs: 68fa86308aa879b977aa6af6",
            endpoint,
        ]) {
            assert.match(hintFor(400, "", CONTEXT, message) ?? "", /its ids were looked for in the self-hosted API/, message);
        }
    });

    it("says nothing of references when a query names a missing table or column", function () {
        for (const message of [
            "Table default.otel_logs not found",
            "Column Body not found in table",
            "Column service not found in table",
            "Unknown identifier: Timestamp",
        ]) {
            assert.equal(hintFor(400, "", CONTEXT, message), undefined, message);
        }
    });
});
