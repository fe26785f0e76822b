import { z } from "zod";
import { int } from "./kinds";

/** Compute of the pipe (kafka, stream and object-storage pipes). Changed in place. */
export const scalingSchema = z.strictObject({
    /** Replicas of a streaming pipe, 1 to 40. */
    replicas: int(1, 40).optional(),
    /** Concurrency of an object-storage pipe; 0 = automatic. */
    concurrency: int(0, 34).optional(),
    /** CPU per replica in millicores, 125 to 2000 (streaming pipes). */
    replicaCpuMillicores: int(125, 2000).optional(),
    /** Memory per replica in GB, 0.5 to 8 (streaming pipes; fractions allowed). */
    replicaMemoryGb: z.number().min(0.5, "must be at least 0.5").max(8, "must be at most 8").optional(),
});

/** Tuning of the pipe, with the spec's setting names. Changed in place. */
export const pipeSettingsSchema = z.strictObject({
    /** Longest wait before a streaming insert, ms (500 to 60000). */
    streaming_max_insert_wait_ms: int(500, 60_000).optional(),
    /** Parallel object-storage readers (1 to 35). */
    object_storage_concurrency: int(1, 35).optional(),
    /** Polling interval of a continuous object-storage pipe, ms (100 to 3600000). */
    object_storage_polling_interval_ms: int(100, 3_600_000).optional(),
    /** Bytes per object-storage insert (10 MiB to 50 GiB). */
    object_storage_max_insert_bytes: int(10_485_760, 53_687_091_200).optional(),
    /** Files per object-storage insert (1 to 10000). */
    object_storage_max_file_count: int(1, 10_000).optional(),
    /** Use the cluster function for object-storage reads. */
    object_storage_use_cluster_function: z.boolean().optional(),
    /** Engine `max_threads` (0 to 64). */
    engine_max_threads: int(0, 64).optional(),
    /** Engine `max_insert_threads` (0 to 16). */
    engine_max_insert_threads: int(0, 16).optional(),
    /** Engine `min_insert_block_size_bytes` (0 to 10 GiB). */
    engine_min_insert_block_size_bytes: int(0, 10_737_418_240).optional(),
    /** Engine `max_download_threads` (0 to 32). */
    engine_max_download_threads: int(0, 32).optional(),
    /** Engine `parallel_distributed_insert_select` (0 to 2). */
    engine_parallel_distributed_insert_select: int(0, 2).optional(),
    /** Engine `parallel_view_processing`. */
    engine_parallel_view_processing: z.boolean().optional(),
});

export const PIPE_SETTING_NAMES = Object.keys(pipeSettingsSchema.shape) as (keyof z.output<typeof pipeSettingsSchema>)[];

export type DataPipeScaling = z.output<typeof scalingSchema>;
export type DataPipeSettings = z.output<typeof pipeSettingsSchema>;
