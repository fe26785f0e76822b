import type { SchemaNode } from "./openapiDocs";

/**
 * Where a document cannot mean what it literally says, read as meant, for the strict and the lenient
 * validation alike (unlike `serverLeniency.ts`, nothing is recorded as invalid).
 *
 * Cloud: the credential variants of pipe sources (`{username, password}`, `{accessKeyId, secretKey}`,
 * `{connectionString}`, `{certificate, privateKey}`) sit in `oneOf` lists but require nothing, so every object
 * matches all of them and `oneOf` refuses any credentials. Each variant is read as requiring its own fields
 * (the user-name variant only its user name: a role-authenticated database source sends no password).
 */
export function repairedSchemas(api: "self-hosted" | "cloud", schemas: Record<string, SchemaNode>): Record<string, SchemaNode> {
  if (api !== "cloud") return schemas;
  const copy = structuredClone(schemas);
  const required: Record<string, string[]> = {
    PLAIN: ["username"],
    MskIamUser: ["accessKeyId", "secretKey"],
    AzureEventHub: ["connectionString"],
    MutualTLS: ["certificate", "privateKey"],
  };
  for (const [name, fields] of Object.entries(required)) {
    const schema = copy[name];
    if (schema && !Array.isArray(schema.required)) schema.required = fields;
  }
  return copy;
}
