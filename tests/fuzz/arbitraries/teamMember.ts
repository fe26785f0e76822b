import fc from "fast-check";
import { Input, obj, text, timeouts, word } from "./common";

/** An address the server's email check accepts, in any case (the schema lowercases it). */
export const email = fc
    .tuple(word, fc.constantFrom("example.com", "Example.ORG", "team.example.io"), fc.boolean())
    .map(([local, domain, upper]) => `${upper ? local.toUpperCase() : local}@${domain}`);

/** A well-formed team member: an email and maybe the invitation's name, created or adopted (`adoptId` is the lowercase email). */
export const teamMember: fc.Arbitrary<Input> = obj(
    { email },
    { name: text(100), variant: fc.constant("self-hosted"), timeouts, adoptId: email.map((address) => address.toLowerCase()) },
);
