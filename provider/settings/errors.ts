/** Error raised for inputs or settings the user must fix; never carries a secret. */
export class ConfigurationError extends Error {
    constructor(message: string) {
        super(message);
        this.name = "ConfigurationError";
    }
}
