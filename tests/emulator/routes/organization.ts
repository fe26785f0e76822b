import { ContractViolation } from "../http/apiError";
import type { Organization } from "../store";
import type { RouteModule } from "./types";

type StoredEndpoint = Organization["privateEndpoints"][number];

/** The cloud and region the reference reports for an endpoint added without them. */
const DEFAULT_LOCATION = { cloudProvider: "aws", region: "us-east-1" };

/** One `privateEndpoints.add`/`remove` item after the contract's checks (the OpenAPI document marks nothing required). */
function endpointItems(value: unknown, path: string): Partial<StoredEndpoint>[] {
    if (value === undefined) return [];
    const items = value as Partial<StoredEndpoint>[];
    items.forEach((item, i) => {
        if (typeof item.id !== "string" || item.id.trim() === "") throw new ContractViolation(`${path}.${i}.id`, "Required");
    });
    return items;
}

/**
 * `PATCH /v1/organizations/{id}` (§6): `name`, then `privateEndpoints` with `remove` processed before `add`,
 * so an id in both lists ends up present with the added description. Unknown ids in `remove` are ignored;
 * an added id that exists already is replaced.
 */
function applyPatch(org: Organization, body: unknown): void {
    const patch = (body ?? {}) as { name?: string; privateEndpoints?: { add?: unknown; remove?: unknown }; enableCoreDumps?: boolean };
    if (patch.name !== undefined && patch.name.trim() === "") throw new ContractViolation("name", "String must contain at least 1 character(s)");
    const remove = endpointItems(patch.privateEndpoints?.remove, "privateEndpoints.remove");
    const add = endpointItems(patch.privateEndpoints?.add, "privateEndpoints.add");
    if (patch.name !== undefined) org.name = patch.name;
    if (patch.enableCoreDumps !== undefined) org.enableCoreDumps = patch.enableCoreDumps;
    const removed = new Set(remove.map((item) => item.id));
    let endpoints = org.privateEndpoints.filter((endpoint) => !removed.has(endpoint.id));
    for (const item of add) {
        endpoints = endpoints.filter((endpoint) => endpoint.id !== item.id);
        endpoints.push({
            id: item.id as string,
            description: item.description ?? "",
            cloudProvider: item.cloudProvider ?? DEFAULT_LOCATION.cloudProvider,
            region: item.region ?? DEFAULT_LOCATION.region,
        });
    }
    org.privateEndpoints = endpoints;
}

/** Organization read and update (§6); the organization is a singleton with no create or delete. */
export const organizationRoutes: RouteModule = {
    name: "organization",
    register(routes) {
        routes.cloud("GET", "/v1/organizations/:organizationId", (_req, ctx) => ({ data: structuredClone(ctx.cloud.organization) }));
        routes.cloud("PATCH", "/v1/organizations/:organizationId", (req, ctx) => {
            // Validate everything before changing anything: a refused PATCH leaves the organization as it was.
            const draft = structuredClone(ctx.cloud.organization);
            applyPatch(draft, req.body);
            Object.assign(ctx.cloud.organization, draft);
            return { data: structuredClone(ctx.cloud.organization) };
        });
    },
};
