import { z } from "zod";
import { text } from "../../common/fields";
import { names, TABLE_ENGINES } from "./kinds";

// ---------------------------------------------------------------------------------------------------------------
// Destination, mappings, scaling, settings.

/** One destination column. */
export const columnSchema = z.strictObject({
    /** Column name. */
    name: text(255),
    /** Column type in the engine's syntax, e.g. `String`, `DateTime64(3)`. */
    type: text(1024),
});

/** The definition of a table the pipe manages. */
export const tableDefinitionSchema = z.strictObject({
    /** Table engine. */
    engine: z.strictObject({
        /** `MergeTree`, `ReplacingMergeTree`, `SummingMergeTree` or `Null`. */
        type: z.enum(TABLE_ENGINES),
        /** Version column (`ReplacingMergeTree`); not returned by the service. */
        versionColumnId: text(255).optional(),
        /** Summed columns (`SummingMergeTree`); not returned by the service. */
        columnIds: names.optional(),
    }),
    /** Sorting key columns. */
    sortingKey: names.optional(),
    /** Partition expression. */
    partitionBy: text(1024).optional(),
    /** Primary key expression. */
    primaryKey: text(1024).optional(),
});

/** Where the pipe writes. Everything but `columns` is fixed at creation (a change replaces the pipe). */
export const destinationSchema = z.strictObject({
    /** Destination database; the service assumes `default` when omitted. */
    database: text(255).optional(),
    /** Destination table; required for non-database pipes. */
    table: text(255).optional(),
    /** Whether the pipe creates and manages the table; required for non-database pipes. */
    managedTable: z.boolean().optional(),
    /** Table definition; required when `managedTable` is true. Not used by database pipes. */
    tableDefinition: tableDefinitionSchema.optional(),
    /** Destination columns (non-database pipes); each must be mapped in `fieldMappings`. Changed in place. */
    columns: z.array(columnSchema).optional(),
    /** Roles granted to the user the pipe creates (`default_role` when omitted); used only at creation. */
    roles: names.optional(),
});

/** Maps one source field to one destination column. */
export const fieldMappingSchema = z.strictObject({
    /** Field of the source records. */
    sourceField: text(1024),
    /** Destination column name. */
    destinationField: text(255),
});

export type DataPipeDestination = z.output<typeof destinationSchema>;
export type FieldMapping = z.output<typeof fieldMappingSchema>;
