import type { DataPipeArgs } from "../../provider/resources/dataPipe/schema";

/** A Kinesis stream read with an IAM role: a source that needs no secret. */
export function streamSource(iamRole = "arn:aws:iam::123456789012:role/clicks"): DataPipeArgs["source"] {
    return { kinesis: { format: "JSONEachRow", streamName: "clicks", region: "eu-west-1", iteratorType: "LATEST", authentication: "IAM_ROLE", iamRole } };
}

/** The simplest pipe the tests declare: a Kinesis stream into a managed MergeTree table, running at its first look. */
export function clicksFromStream(): DataPipeArgs {
    return {
        name: "clicks-from-stream",
        source: streamSource(),
        destination: { table: "clicks", managedTable: true, tableDefinition: { engine: { type: "MergeTree" } }, columns: [{ name: "id", type: "String" }] },
        fieldMappings: [{ sourceField: "id", destinationField: "id" }],
    };
}
