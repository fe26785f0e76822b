/** Which dashboard write is running: create (POST), update (PUT) or validate, on which variant. */
export interface WriteMode {
    kind: "create" | "update" | "validate";
    variant: "self-hosted" | "managed";
}
