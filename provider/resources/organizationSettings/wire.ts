import { z } from "zod";
import { OrganizationSettingsInputs, PrivateEndpoint, sortPrivateEndpoints } from "./schema";

// Reading accepts the reference's extra fields (state, …), a missing description and a missing location.
const wirePrivateEndpoint = z.looseObject({
    id: z.string(),
    description: z.string().nullish(),
    cloudProvider: z.string().nullish(),
    region: z.string().nullish(),
});
const wireByocConfig = z.looseObject({ id: z.string(), accountName: z.string().nullish() });

/** The organization as the cloud API returns it (GET and PATCH). */
export const organizationResponse = z
    .looseObject({
        id: z.string(),
        createdAt: z.string().nullish(),
        name: z.string().nullish(),
        privateEndpoints: z.array(wirePrivateEndpoint).nullish(),
        byocConfig: z.array(wireByocConfig).nullish(),
    })
    .transform((org) => ({
        id: org.id.toLowerCase(),
        createdAt: org.createdAt ?? "",
        name: org.name ?? "",
        privateEndpoints: sortPrivateEndpoints(
            (org.privateEndpoints ?? []).map((e) => ({
                id: e.id,
                description: e.description ?? "",
                // Typed as the declared enums; a value outside them shows up as drift.
                cloudProvider: (e.cloudProvider ?? "") as PrivateEndpoint["cloudProvider"],
                region: (e.region ?? "") as PrivateEndpoint["region"],
            })),
        ),
        byocConfig: (org.byocConfig ?? []).map((b) => ({ id: b.id, accountName: b.accountName ?? "" })),
    }));

export type Organization = z.output<typeof organizationResponse>;

/** The PATCH body (spec form): only what differs from the organization as the service reports it. */
export interface OrganizationPatch {
    name?: string;
    privateEndpoints?: { remove?: Partial<PrivateEndpoint>[]; add?: PrivateEndpoint[] };
}

/** What tells two states of one endpoint apart. */
const endpointKey = (e: PrivateEndpoint) => JSON.stringify([e.description, e.cloudProvider, e.region]);

/**
 * The smallest PATCH that turns `current` into the declared settings, or undefined when nothing differs.
 * The service processes `remove` before `add`, so an endpoint whose description or location changes is in both
 * lists; each item carries its cloud and region, as the reference client sends them.
 */
export function organizationPatch(current: Organization, desired: OrganizationSettingsInputs): OrganizationPatch | undefined {
    const patch: OrganizationPatch = {};
    if (desired.name !== undefined && desired.name !== current.name) patch.name = desired.name;
    if (desired.privateEndpoints !== undefined) {
        const wanted = new Map(desired.privateEndpoints.map((e) => [e.id, endpointKey(e)]));
        const existing = new Map(current.privateEndpoints.map((e) => [e.id, endpointKey(e)]));
        const remove = current.privateEndpoints.filter((e) => wanted.get(e.id) !== endpointKey(e)).map(withKnownLocation);
        const add = desired.privateEndpoints.filter((e) => existing.get(e.id) !== endpointKey(e));
        if (remove.length > 0 || add.length > 0) {
            patch.privateEndpoints = {};
            if (remove.length > 0) patch.privateEndpoints.remove = remove;
            if (add.length > 0) patch.privateEndpoints.add = add;
        }
    }
    return Object.keys(patch).length > 0 ? patch : undefined;
}

/** An endpoint as a `remove` item: a location the service did not report is left out rather than sent empty. */
function withKnownLocation(e: PrivateEndpoint): Partial<PrivateEndpoint> {
    const item: Partial<PrivateEndpoint> = { id: e.id, description: e.description };
    if (e.cloudProvider) item.cloudProvider = e.cloudProvider;
    if (e.region) item.region = e.region;
    return item;
}
