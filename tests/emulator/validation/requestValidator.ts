import Ajv, { type ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020";
import type { ApiName } from "../types";
import { firstIssue, type MessageDialect } from "./messages";
import type { OpenApiDocument, OpenApiOperation, OpenApiParameter, SchemaNode } from "./openapiDocs";
import { convertOpenApi30, convertOpenApi31 } from "./schemaConvert";
import { repairedSchemas } from "./documentRepairs";
import { CLOUD_LENIENCY, lenient, SELF_HOSTED_LENIENCY } from "./serverLeniency";

export type RequestPart = "params" | "query" | "body";

export interface RequestFailure {
    part: RequestPart;
    /** `path: issue`, or just the issue when the path is empty. */
    message: string;
    /** The failing field as a dot path (`tiles.0.x`), `""` for the whole part. */
    path: string;
    issue: string;
    /** False when only the document forbids it and the real server accepts it. */
    rejected: boolean;
}

export interface ValidationOutcome {
    operationId?: string;
    failure?: RequestFailure;
}

interface CompiledOperation {
    operationId?: string;
    queryParams: OpenApiParameter[];
    strict: Partial<Record<RequestPart, ValidateFunction>>;
    lenient: Partial<Record<RequestPart, ValidateFunction>>;
}

interface Template {
    method: string;
    regex: RegExp;
    names: string[];
    literals: number;
    operation: OpenApiOperation;
    pathParameters: OpenApiParameter[];
    compiled?: CompiledOperation;
}

const METHODS = new Set(["get", "put", "post", "delete", "patch"]);

/** Validates path params, query and JSON body against the matching operation of one OpenAPI document. */
export class RequestValidator {
    private readonly templates: Template[] = [];
    private readonly strictAjv: Ajv;
    private readonly lenientAjv: Ajv;
    private readonly docId: string;
    private readonly dialect: MessageDialect;
    private readonly convert: (node: unknown, docId: string) => unknown;

    constructor(
        readonly api: ApiName,
        doc: OpenApiDocument,
    ) {
        const openApi30 = doc.openapi.startsWith("3.0");
        this.docId = `${api}.json`;
        this.dialect = api === "self-hosted" ? "zod" : "ajv";
        this.convert = openApi30 ? convertOpenApi30 : convertOpenApi31;
        const make = (): Ajv => {
            const options = { strict: false, allErrors: false, verbose: true, validateFormats: true } as const;
            const ajv = openApi30 ? new Ajv(options) : new Ajv2020(options);
            addFormats(ajv);
            return ajv;
        };
        this.strictAjv = make();
        this.lenientAjv = make();
        const schemas = repairedSchemas(api, doc.components.schemas);
        const patched = lenient(schemas, api === "self-hosted" ? SELF_HOSTED_LENIENCY : CLOUD_LENIENCY);
        const convertAll = (map: Record<string, SchemaNode>): Record<string, unknown> =>
            Object.fromEntries(Object.entries(map).map(([name, schema]) => [name, this.convert(schema, this.docId)]));
        this.strictAjv.addSchema({ $id: this.docId, components: { schemas: convertAll(schemas) } });
        this.lenientAjv.addSchema({ $id: this.docId, components: { schemas: convertAll(patched) } });
        this.indexPaths(doc);
    }

    /** Validates one request; an undocumented route passes (with no operation id). */
    validate(method: string, path: string, query: Record<string, string | string[]>, body: unknown): ValidationOutcome {
        const found = this.find(method, path);
        if (!found) return {};
        const { template, params } = found;
        const compiled = (template.compiled ??= this.compile(template));
        const data: Record<RequestPart, unknown> = {
            params,
            query: coerceQuery(query, compiled.queryParams),
            body: body === undefined ? {} : body,
        };
        for (const part of ["params", "query", "body"] as const) {
            const strict = compiled.strict[part];
            if (!strict || strict(structuredClone(data[part]))) continue;
            const lenientFn = compiled.lenient[part];
            const rejected = !lenientFn || !lenientFn(structuredClone(data[part]));
            const { path: issuePath, message: issue } = firstIssue((rejected && lenientFn ? lenientFn.errors : strict.errors) ?? [], this.dialect);
            const message = issuePath ? `${issuePath}: ${issue}` : issue;
            return { operationId: compiled.operationId, failure: { part, message, path: issuePath, issue, rejected } };
        }
        return { operationId: compiled.operationId };
    }

    private indexPaths(doc: OpenApiDocument): void {
        for (const [path, item] of Object.entries(doc.paths)) {
            const shared = (item as { parameters?: OpenApiParameter[] }).parameters ?? [];
            for (const [method, operation] of Object.entries(item)) {
                if (!METHODS.has(method)) continue;
                const names: string[] = [];
                const segments = path.split("/").slice(1);
                const pattern = segments
                    .map((s) => {
                        const m = /^\{(.+)\}$/.exec(s);
                        if (!m) return escapeRegex(s);
                        names.push(m[1]);
                        return "([^/]+)";
                    })
                    .join("/");
                const op = operation as OpenApiOperation;
                const allParams = [...shared, ...(op.parameters ?? [])];
                this.templates.push({
                    method: method.toUpperCase(),
                    regex: new RegExp(`^/${pattern}/?$`),
                    names,
                    literals: segments.length - names.length,
                    operation: op,
                    pathParameters: allParams.filter((p) => p.in === "path"),
                });
                (this.templates[this.templates.length - 1].operation as OpenApiOperation).parameters = allParams;
            }
        }
    }

    private find(method: string, path: string): { template: Template; params: Record<string, string> } | undefined {
        let best: { template: Template; params: Record<string, string> } | undefined;
        for (const template of this.templates) {
            if (template.method !== method) continue;
            const match = template.regex.exec(path);
            if (!match) continue;
            if (best && best.template.literals >= template.literals) continue;
            const params = Object.fromEntries(template.names.map((n, i) => [n, decodeURIComponent(match[i + 1])]));
            best = { template, params };
        }
        return best;
    }

    private compile(template: Template): CompiledOperation {
        const op = template.operation;
        const queryParams = (op.parameters ?? []).filter((p) => p.in === "query");
        const objectOf = (params: OpenApiParameter[]): SchemaNode => ({
            type: "object",
            properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? {}])),
            required: params.filter((p) => p.required).map((p) => p.name),
        });
        const bodySchema = op.requestBody?.content?.["application/json"]?.schema;
        const parts: Partial<Record<RequestPart, SchemaNode>> = {
            params: template.pathParameters.length ? objectOf(template.pathParameters) : undefined,
            query: queryParams.length ? objectOf(queryParams) : undefined,
            body: bodySchema,
        };
        const compiled: CompiledOperation = { operationId: op.operationId, queryParams, strict: {}, lenient: {} };
        for (const part of ["params", "query", "body"] as const) {
            const schema = parts[part];
            if (!schema) continue;
            const converted = this.convert(schema, this.docId) as SchemaNode;
            compiled.strict[part] = this.strictAjv.compile(converted);
            compiled.lenient[part] = this.lenientAjv.compile(converted);
        }
        return compiled;
    }
}

/** Query strings arrive as text; coerce the documented numeric and boolean parameters like the server does. */
function coerceQuery(query: Record<string, string | string[]>, params: OpenApiParameter[]): Record<string, unknown> {
    const out: Record<string, unknown> = { ...query };
    for (const param of params) {
        const raw = out[param.name];
        const type = param.schema?.type;
        if (typeof raw !== "string") continue;
        if ((type === "integer" || type === "number") && raw.trim() !== "" && !Number.isNaN(Number(raw))) out[param.name] = Number(raw);
        if (type === "boolean" && (raw === "true" || raw === "false")) out[param.name] = raw === "true";
    }
    return out;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function addFormats(ajv: Ajv): void {
    ajv.addFormat("date-time", (v: string) => DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)));
    ajv.addFormat("date", /^\d{4}-\d{2}-\d{2}$/);
    ajv.addFormat("uuid", UUID);
    ajv.addFormat("uri", (v: string) => URL.canParse(v));
    ajv.addFormat("email", /^[^\s@]+@[^\s@]+$/);
    ajv.addFormat("hostname", /^[A-Za-z0-9.-]+$/);
    ajv.addFormat("password", () => true);
}

function escapeRegex(text: string): string {
    return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
