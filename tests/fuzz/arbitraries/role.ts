import fc from "fast-check";
import { predefinedRoleNamed, ROLE_ACTIONS } from "../../../provider/resources/role/schema";
import { Input, obj, text, timeouts, uuid } from "./common";
import { name } from "./environment";

/** A permission: an action on a subject, maybe denied, maybe scoped to another integration (conditions are an open map). */
const permission = obj(
    { action: fc.constantFrom(...ROLE_ACTIONS), subject: fc.oneof(fc.constantFrom("Dashboard", "SavedSearch", "Source", "all"), text(256)) },
    { inverted: fc.boolean(), integration: fc.constantFrom("mongodb", "analytics") },
);

/** A well-formed custom role of the managed variant (the only one that has roles), never named like a predefined one. */
export const role: fc.Arbitrary<Input> = obj(
    {
        name: name(1024).filter((n) => predefinedRoleNamed(n) === undefined),
        permissions: fc.array(permission, { maxLength: 4 }),
        variant: fc.constant("managed"),
    },
    { organizationId: uuid, serviceId: uuid, description: fc.string({ maxLength: 40 }).filter((d) => d !== ""), timeouts },
);
