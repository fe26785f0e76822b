// `npm run schema`: writes the provider plugin's package schema into `schema.json` at the root.
// `tests/plugin/schema.test.ts` fails while the committed file differs from what this writes.
import { writeFileSync } from "fs";
import * as path from "path";
import { SCHEMA_FILE } from "../../provider/plugin/schema";
import { generatePackageSchema, ROOT } from "./package";
import { schemaText } from "./text";

const schema = generatePackageSchema();
writeFileSync(path.join(ROOT, SCHEMA_FILE), schemaText(schema));
console.log(
    `wrote ${SCHEMA_FILE}: ${Object.keys(schema.resources).length} resources, ${Object.keys(schema.functions).length} functions, ${Object.keys(schema.types).length} types`,
);
