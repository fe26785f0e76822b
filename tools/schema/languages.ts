// The schema's `language` block: how each of Pulumi's generators names the SDK it writes from `schema.json`
// (`npm run sdks`, `pulumi package add`, `pulumi package gen-sdk`). docs/sdks.md explains the choices.
import type { LanguageSettings } from "../../provider/plugin/schema";

/**
 * The Go import path of the generated Go SDK's package. Not published anywhere: a Go program requires the module
 * {@link GO_MODULE_PATH} and replaces it with the generated folder (`go mod edit -replace`, docs/sdks.md).
 */
export const GO_IMPORT_PATH = "github.com/pulumi-observability/pulumi-observability/sdk/go/observability";

/** The Go module that holds {@link GO_IMPORT_PATH}: the generator's `go/` folder, with the `go.mod` that `npm run sdks` writes. */
export const GO_MODULE_PATH = "github.com/pulumi-observability/pulumi-observability/sdk/go";

/** The Python distribution and module of the generated Python SDK (`import pulumi_observability`). */
export const PYTHON_PACKAGE = "pulumi_observability";

/** The npm name of the generated Node.js SDK (not this package: that one holds the dynamic providers and the plugin). */
export const NODEJS_PACKAGE = "@pulumi-observability/sdk";

/** The .NET namespace of the generated SDK's classes (`<rootNamespace>.<namespace of the package>`). */
export const DOTNET_NAMESPACE = "Pulumi.Observability";

/** The schema's `language` block, as `npm run schema` writes it into `schema.json`. */
export function languageSettings(packageName: string): LanguageSettings {
    const [rootNamespace, namespace] = DOTNET_NAMESPACE.split(".");
    return {
        csharp: { rootNamespace, namespaces: { [packageName]: namespace }, respectSchemaVersion: true },
        go: { importBasePath: GO_IMPORT_PATH, respectSchemaVersion: true },
        nodejs: { packageName: NODEJS_PACKAGE, respectSchemaVersion: true },
        python: { packageName: PYTHON_PACKAGE, respectSchemaVersion: true, pyproject: { enabled: true } },
    };
}
