// A connection and two sources that reference it and each other as outputs: the references make Pulumi create the
// connection first and delete it last.
import * as pulumi from "@pulumi/pulumi";
import * as observability from "../../../sdk";
import { SPAN_EXPRESSIONS } from "../../emulator/store/fixtures";

const config = new pulumi.Config("demo");

const engine = new observability.Connection("engine", {
    name: "Engine",
    host: "https://engine.example.com:8443",
    username: "reader",
    password: config.requireSecret("enginePassword"),
});

const logs = new observability.Source("logs", {
    kind: "log",
    name: "Logs",
    connection: engine.id,
    from: { databaseName: "otel", tableName: "otel_logs" },
    timestampValueExpression: "TimestampTime",
    defaultTableSelectExpression: "Timestamp, ServiceName, Body",
    bodyExpression: "Body",
});

new observability.Source("traces", {
    kind: "trace",
    name: "Traces",
    connection: engine.id,
    from: { databaseName: "otel", tableName: "otel_traces" },
    timestampValueExpression: "Timestamp",
    defaultTableSelectExpression: "Timestamp, ServiceName, SpanName",
    ...SPAN_EXPRESSIONS,
    logSourceId: logs.id,
});
