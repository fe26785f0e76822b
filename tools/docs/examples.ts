import * as path from "path";
import * as ts from "typescript";
import { ROOT } from "./reference";

/** Examples to type-check under a name: a resource kind's, a function's, the overview's. */
export interface NamedExamples {
    key: string;
    examples: readonly string[];
}

/**
 * Type-checks every example (the `@example`s of the resource classes and lookups, the overview's) as a module of its own, its import of the package
 * pointed at `sdk/`, so that an example cannot drift from the SDK. Builds on the program that read the SDK
 * (`sdkProgram`), which saves parsing everything again. Returns the compiler's messages.
 */
export function exampleErrors(references: readonly NamedExamples[], sdkProgram: ts.Program, root = ROOT): string[] {
    const sdk = path.join(root, "sdk").split(path.sep).join("/");
    const files = new Map(
        references.flatMap((reference) =>
            reference.examples.map(
                (example, i) =>
                    [
                        path.join(root, "tools", "docs", `example-${reference.key}-${i}.ts`),
                        example.replace(/from "pulumi-observability"/g, `from "${sdk}"`),
                    ] as const,
            ),
        ),
    );
    const options = sdkProgram.getCompilerOptions();
    const host = ts.createCompilerHost(options);
    const readFile = host.readFile.bind(host);
    const getSourceFile = host.getSourceFile.bind(host);
    host.fileExists = (file) => files.has(path.resolve(file)) || ts.sys.fileExists(file);
    host.readFile = (file) => files.get(path.resolve(file)) ?? readFile(file);
    host.getSourceFile = (file, language) => {
        const text = files.get(path.resolve(file));
        return text === undefined ? getSourceFile(file, language) : ts.createSourceFile(file, text, language);
    };
    const program = ts.createProgram({ rootNames: [...sdkProgram.getRootFileNames(), ...files.keys()], options, host, oldProgram: sdkProgram });
    const examples = [...files.keys()].map((file) => program.getSourceFile(file)).filter((file) => file !== undefined);
    return examples
        .flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)])
        .map((diagnostic) => {
            const where = diagnostic.file
                ? `${path.relative(root, diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}`
                : "";
            return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
        });
}
