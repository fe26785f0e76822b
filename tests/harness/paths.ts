import * as path from "node:path";

/** Absolute path of the repository root (the directory holding package.json). */
export const REPO_ROOT: string = path.resolve(__dirname, "..", "..");

/** The npm name of this package, as the provider texts require it. */
export const PACKAGE_NAME = "pulumi-observability";
