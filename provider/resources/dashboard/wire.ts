import { z } from "zod";

// What the API returns; only what the provider maps back is described, the rest is ignored.
const wireTile = z.looseObject({
    id: z.string(),
    name: z.string().default(""),
    x: z.number(),
    y: z.number(),
    w: z.number(),
    h: z.number(),
    config: z.record(z.string(), z.unknown()),
    containerId: z.string().optional(),
    tabId: z.string().optional(),
});
const wireFilter = z.looseObject({ id: z.string(), name: z.string() });
export const wireDashboard = z.looseObject({
    id: z.string(),
    name: z.string(),
    tiles: z.array(wireTile),
    tags: z.array(z.string()).optional(),
    filters: z.array(wireFilter).optional(),
    savedQuery: z.string().nullish(),
    savedQueryLanguage: z.string().nullish(),
    savedFilterValues: z.array(z.unknown()).optional(),
    containers: z.array(z.unknown()).optional(),
});
export type WireDashboard = z.infer<typeof wireDashboard>;
