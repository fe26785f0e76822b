import { z } from "zod";
import { OrganizationSettingsInputs, PrivateEndpoint, sortPrivateEndpoints } from "./schema";

// Reading accepts the reference's extra fields (cloudProvider, region, state, …) and a missing description.
const wirePrivateEndpoint = z.looseObject({ id: z.string(), description: z.string().nullish() });
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
        privateEndpoints: sortPrivateEndpoints((org.privateEndpoints ?? []).map((e) => ({ id: e.id, description: e.description ?? "" }))),
        byocConfig: (org.byocConfig ?? []).map((b) => ({ id: b.id, accountName: b.accountName ?? "" })),
    }));

export type Organization = z.output<typeof organizationResponse>;

/** The PATCH body (spec form): only what differs from the organization as the service reports it. */
export interface OrganizationPatch {
    name?: string;
    privateEndpoints?: { remove?: PrivateEndpoint[]; add?: PrivateEndpoint[] };
}

/**
 * The smallest PATCH that turns `current` into the declared settings, or undefined when nothing differs.
 * The service processes `remove` before `add`, so an endpoint whose description changes is in both lists.
 */
export function organizationPatch(current: Organization, desired: OrganizationSettingsInputs): OrganizationPatch | undefined {
    const patch: OrganizationPatch = {};
    if (desired.name !== undefined && desired.name !== current.name) patch.name = desired.name;
    if (desired.privateEndpoints !== undefined) {
        const wanted = new Map(desired.privateEndpoints.map((e) => [e.id, e.description]));
        const existing = new Map(current.privateEndpoints.map((e) => [e.id, e.description]));
        const remove = current.privateEndpoints.filter((e) => wanted.get(e.id) !== e.description);
        const add = desired.privateEndpoints.filter((e) => existing.get(e.id) !== e.description);
        if (remove.length > 0 || add.length > 0) {
            patch.privateEndpoints = {};
            if (remove.length > 0) patch.privateEndpoints.remove = remove;
            if (add.length > 0) patch.privateEndpoints.add = add;
        }
    }
    return Object.keys(patch).length > 0 ? patch : undefined;
}
