// The package schema GetSchema serves. A placeholder that lists the tokens only (resources with empty properties,
// the lookups as functions whose result is one object): the schema generated from the zod schemas replaces it.
import { registry } from "../index";
import { lookups } from "../lookups";
import { PACKAGE, packageVersion, resourceToken, functionToken } from "./tokens";

/** The whole Pulumi package schema of the plugin. */
export function packageSchema(): object {
    return {
        name: PACKAGE,
        version: packageVersion(),
        resources: Object.fromEntries(
            Object.values(registry).map(({ provider }) => [resourceToken(provider.typeName), { inputProperties: {}, properties: {} }]),
        ),
        functions: Object.fromEntries(Object.keys(lookups).map((name) => [functionToken(name), { inputs: { properties: {} } }])),
    };
}
