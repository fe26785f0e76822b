import fc from "fast-check";
import { hex24, Input, obj, text, timeouts, word } from "./common";
import { target } from "./dashboard";
import { hasControlCharacter } from "../../../provider/common/fields";

/** A name the server keeps as given: free text without surrounding whitespace. */
export const name = (max: number) => text(max).filter((s) => s.trim() === s);

/** A key of a pinned filter: a column, or an expression over one such as `lower(x)` or `toString(x)`. */
const filterKey = fc.tuple(word, fc.constantFrom("", "lower", "toString")).map(([column, fn]) => (fn === "" ? column : `${fn}(${column})`));

/**
 * A pinned filter: a sidebar-renderable `sql` one (one `IN`, `NOT IN` or numeric `BETWEEN` predicate), or one of the
 * web UI's `lucene` and `sql_ast` filters, which the schema takes (the server keeps them when already stored).
 */
const pinnedFilter = fc.oneof(
    fc
        .oneof(
            fc
                .tuple(filterKey, fc.boolean(), fc.array(word, { minLength: 1, maxLength: 3 }))
                .map(([key, not, values]) => `${key}${not ? " NOT" : ""} IN (${values.map((v) => `'${v}'`).join(", ")})`),
            fc.tuple(filterKey, fc.integer(), fc.nat()).map(([key, low, width]) => `${key} BETWEEN ${low} AND ${low + width}`),
        )
        .filter((condition) => /^[A-Za-z_]/.test(condition) && !/\b(?:NOT|AND|OR)\b/i.test(condition.split(/ (?:NOT )?IN | BETWEEN /)[0]))
        .chain((condition) => obj({ condition: fc.constant(condition) }, { type: fc.constant("sql") })),
    obj({ type: fc.constant("lucene"), condition: fc.string({ maxLength: 40 }) }),
    obj({ type: fc.constant("sql_ast"), operator: fc.constantFrom("=", "<", ">", "!=", "<=", ">="), left: word, right: fc.string({ maxLength: 20 }) }),
);

/** A well-formed saved search; on the managed variant its filters are `sql` only (the API has no other). */
export const savedSearch: fc.Arbitrary<Input> = obj(
    { name: name(1024), sourceId: hex24 },
    {
        ...target,
        select: fc.string({ maxLength: 40 }),
        where: fc.string({ maxLength: 40 }),
        whereLanguage: fc.constantFrom("lucene", "sql"),
        orderBy: fc.string({ maxLength: 20 }),
        tags: fc.array(
            fc.string({ maxLength: 32 }).filter((t) => t.length <= 32),
            { maxLength: 5 },
        ),
        filters: fc.array(pinnedFilter, { maxLength: 3 }),
        timeouts,
    },
).map((search) =>
    search.variant === "managed" && Array.isArray(search.filters)
        ? { ...search, filters: (search.filters as Input[]).filter((filter) => filter.type === undefined || filter.type === "sql") }
        : search,
);

const secretMap = (key: fc.Arbitrary<string>) =>
    fc.dictionary(
        key,
        fc.string({ maxLength: 20 }).filter((v) => !hasControlCharacter(v)),
        { maxKeys: 3, noNullPrototype: true },
    );
const headerName = fc.string({ unit: fc.constantFrom(..."abcXYZ-_09!#"), minLength: 1, maxLength: 12 }).filter((h) => !/^\d/.test(h));
const host = fc.constantFrom("relay.example.com", "hooks.example.org", "api.incident.io");

/** A well-formed webhook of any service: slack without templated fields, the others with them. */
export const webhook: fc.Arbitrary<Input> = fc
    .tuple(
        fc.oneof(
            obj({ service: fc.constant("slack"), url: word.map((token) => `https://hooks.slack.com/services/${token}`) }),
            obj(
                { service: fc.constantFrom("generic", "incidentio"), url: fc.tuple(host, word).map(([h, p]) => `https://${h}/${p}`) },
                { body: fc.string({ maxLength: 40 }), headers: secretMap(headerName), queryParams: secretMap(fc.string({ minLength: 1, maxLength: 12 })) },
            ),
        ),
        obj({ name: name(1024) }, { ...target, description: fc.string({ maxLength: 40 }), timeouts }),
    )
    .map(([service, rest]) => ({ ...service, ...rest }));
