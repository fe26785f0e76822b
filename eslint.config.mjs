// One linter for the tree: ESLint with typescript-eslint's recommended rules (`npm run lint`, part of `npm test`).
// The exceptions below are narrow and each says why.
import eslint from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

export default tseslint.config(
    { ignores: ["dist/", "build/", "node_modules/", "**/node_modules/", ".bench/", "tests/.tmp-export/", "tests/harness/fixtures/"] },
    eslint.configs.recommended,
    ...tseslint.configs.recommended,
    {
        rules: {
            // Unused names are also the compiler's to report (noUnusedLocals, noUnusedParameters); `_` marks one on purpose.
            "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
        },
    },
    {
        // Each resource class gets its typed outputs by declaration merging with an interface of the same name
        // (`interface Webhook extends OutputProperties<WebhookOutputs> {}`), the pattern Pulumi's own SDKs use.
        files: ["sdk/resources/*.ts"],
        rules: { "@typescript-eslint/no-unsafe-declaration-merging": "off", "@typescript-eslint/no-empty-object-type": "off" },
    },
    {
        // Tests load Pulumi's runtime internals (mocks, settings, the mock monitor) by `require`, after the mocks are set.
        files: ["tests/**/*.ts"],
        rules: { "@typescript-eslint/no-require-imports": "off" },
    },
    {
        // Raw HTTP answers of the emulator, read field by field as JSON whatever their shape.
        files: ["tests/support/emulatorClient.ts", "tests/emulator/environment.test.ts", "tests/emulator/pipeNetworking.test.ts"],
        rules: { "@typescript-eslint/no-explicit-any": "off" },
    },
    {
        // mocha's reporter option loads a CommonJS file; so does Pulumi's run-plugin (the plugin folder's entry).
        files: ["tests/support/summaryReporter.js", "plugin/index.js"],
        languageOptions: { sourceType: "commonjs", globals: globals.node },
        rules: { "@typescript-eslint/no-require-imports": "off" },
    },
);
