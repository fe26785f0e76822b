import { z } from "zod";
import { uuid } from "../../common/ids";
import { containsUnknown } from "../../common/unknown";
import { text, timeoutsSchema } from "../../common/fields";
import type { InService } from "../../settings/location";
import { destinationSchema, fieldMappingSchema } from "./destination";
import { crossFieldIssues } from "./rules";
import { secretsSchema } from "./sourceSecrets";
import { pipeSettingsSchema, scalingSchema } from "./tuning";
import { sourceSchema } from "./sources";

// The pipe's schema by concern: the contract's enums and field checks, the source kinds, the write-only secrets,
// the destination and field mappings, scaling and settings, and the rules across them.
export * from "./destination";
export * from "./kinds";
export * from "./sourceSecrets";
export * from "./tuning";
export * from "./sources";

// ---------------------------------------------------------------------------------------------------------------
// The resource.

/**
 * A data pipe of a service: a managed ingestion from one source into a destination table. The schema is the
 * single description of the inputs: types, `check` failures with property paths and normalization.
 */
export const dataPipeSchema = z
    .strictObject({
        /** Organization (UUID). Defaults to the `observability:organizationId` setting; the resolved value is stored and a change replaces the pipe. */
        organizationId: uuid.optional(),
        /** Service the pipe writes to (UUID). Defaults to the `observability:serviceId` setting; a change replaces the pipe. */
        serviceId: uuid.optional(),
        /** Name of the pipe (1 to 255 characters). Changed in place. */
        name: text(255),
        /** The source: exactly one of `kafka`, `objectStorage`, `kinesis`, `pubsub`, `postgres`, `mysql`, `mongodb`, `bigquery`. Changing the kind replaces the pipe. */
        source: sourceSchema,
        /** The destination. */
        destination: destinationSchema,
        /** Source field → destination column; every destination column must be mapped. Changed in place. */
        fieldMappings: z.array(fieldMappingSchema).default([]),
        /** Compute of the pipe; only the declared fields are managed. Changed in place. */
        scaling: scalingSchema.optional(),
        /** Tuning settings; only the declared ones are managed. Changed in place. */
        settings: pipeSettingsSchema.optional(),
        /** Write-only secrets of the source; encrypted in state, never read back. */
        secrets: secretsSchema.optional(),
        /** Whether the pipe should be stopped (paused for database pipes). Default false. Changed in place. */
        stopped: z.boolean().default(false),
        /** Our own operation timeouts (`customTimeouts` does not reach dynamic providers); create waits for the pipe to run. */
        timeouts: timeoutsSchema,
    })
    .superRefine((pipe, ctx) => {
        // Cross-field rules need known values; `check` runs again once they are known.
        if (containsUnknown(pipe)) return;
        for (const issue of crossFieldIssues(pipe)) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
    });

/** What the program declares (the public argument type derives from it). */
export type DataPipeArgs = z.input<typeof dataPipeSchema>;
/** The checked, normalized inputs. */
export type DataPipeInputs = z.output<typeof dataPipeSchema>;
/** What the resource reports: the inputs as the service reflects them, plus the pipe's status. */
export interface DataPipeOutputs extends InService<DataPipeInputs> {
    /** The pipe's state as last seen (`Running`, `Stopped`, `Paused`, `Completed`, …). */
    state: string;
    /** When the pipe was created. */
    createdAt: string;
    /** When the pipe last changed. */
    updatedAt: string;
}
