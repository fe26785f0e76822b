import type { PackageSchema } from "../../provider/plugin/schema";

/** The schema as `schema.json` holds it: indented JSON, one final newline. */
export function schemaText(schema: PackageSchema): string {
    return `${JSON.stringify(schema, null, 2)}\n`;
}
