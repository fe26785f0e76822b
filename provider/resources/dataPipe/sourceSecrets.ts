import { z } from "zod";
import { text } from "../../common/fields";

// ---------------------------------------------------------------------------------------------------------------
// Write-only secrets: sent only when they change, never read back, kept from the last inputs.

const userPassword = z.strictObject({
    /** User name. */
    username: text(255),
    /** Password. */
    password: z.string().min(1, "must not be empty"),
});
const accessKeyPair = z.strictObject({
    /** Access key id. */
    accessKeyId: text(255),
    /** Secret access key. */
    secretKey: z.string().min(1, "must not be empty"),
});

/** Credentials of the source, in the form its authentication method needs. */
export const sourceCredentialsSchema = z.union([
    z.strictObject({
        /** User name (kafka `PLAIN`/`SCRAM-*`, postgres, mysql, mongodb). */
        username: text(255),
        /** Password; required except for postgres and mysql `IAM_ROLE`. */
        password: z.string().min(1, "must not be empty").optional(),
    }),
    accessKeyPair,
    z.strictObject({
        /** Connection string (kafka `azureeventhub`). */
        connectionString: z.string().min(1, "must not be empty"),
    }),
    z.strictObject({
        /** PEM client certificate (kafka `MUTUAL_TLS`). */
        certificate: z.string().min(1, "must not be empty"),
        /** PEM client private key (kafka `MUTUAL_TLS`). */
        privateKey: z.string().min(1, "must not be empty"),
    }),
]);

/**
 * Every secret of the pipe, kept apart from `source` so that the source stays readable in plans while these
 * values are encrypted in state. The service never returns them: a change made outside Pulumi cannot be seen.
 */
export const secretsSchema = z.strictObject({
    /**
     * Source credentials: kafka `{username, password}` (`PLAIN`, `SCRAM-*`), `{accessKeyId, secretKey}`
     * (`IAM_USER`), `{connectionString}` (azureeventhub), `{certificate, privateKey}` (`MUTUAL_TLS`);
     * postgres and mysql `{username, password}` (`{username}` with `IAM_ROLE`), mongodb `{username, password}`.
     */
    credentials: sourceCredentialsSchema.optional(),
    /** Kafka schema-registry credentials. Changing them replaces the pipe (the registry is set at creation). */
    schemaRegistryCredentials: userPassword.optional(),
    /** `{accessKeyId, secretKey}` for object-storage and stream `IAM_USER` authentication. */
    accessKey: accessKeyPair.optional(),
    /** Base64 service-account JSON: object-storage `SERVICE_ACCOUNT` authentication, pubsub and bigquery sources. */
    serviceAccountKey: z.string().min(1, "must not be empty").optional(),
    /** Connection string for object-storage `CONNECTION_STRING` authentication (container-style store). */
    connectionString: z.string().min(1, "must not be empty").optional(),
});

export type DataPipeSecrets = z.output<typeof secretsSchema>;
