import fc from "fast-check";
import { Input, obj, text, timeouts, uuid } from "./common";

// eslint-disable-next-line no-control-regex
const description = fc.string({ maxLength: 60 }).filter((s) => !/[\u0000-\u001f\u007f]/.test(s));

/** Well-formed organization settings: a name and a set of private endpoints with distinct ids, each optional. */
export const organizationSettings: fc.Arbitrary<Input> = obj(
    {},
    {
        organizationId: uuid,
        name: text(255),
        privateEndpoints: fc.uniqueArray(
            obj(
                { id: text(256), cloudProvider: fc.constantFrom("aws", "gcp", "azure"), region: fc.constantFrom("eu-west-1", "us-central1", "eastus2") },
                { description },
            ),
            { selector: (e) => e.id, maxLength: 4 },
        ),
        timeouts,
    },
);

const domain = fc.domain();
const blank = fc.constantFrom("", " ", "  ");

/** Allowed origins as users write them: domains separated by commas, with blanks and empty entries around. */
const origins = fc
    .array(fc.tuple(blank, domain, blank), { maxLength: 4 })
    .chain((entries) =>
        fc.boolean().map((trailingComma) => entries.map(([before, name, after]) => `${before}${name}${after}`).join(",") + (trailingComma ? "," : "")),
    );

/** A well-formed query endpoint: roles and keys as sets (repeats and order do not matter). */
export const queryEndpoint: fc.Arbitrary<Input> = obj(
    {},
    {
        organizationId: uuid,
        serviceId: uuid,
        roles: fc.array(fc.constantFrom("sql_console_read_only", "sql_console_admin"), { maxLength: 3 }),
        openApiKeys: fc.array(text(256), { maxLength: 3 }),
        allowedOrigins: origins,
        timeouts,
    },
);
