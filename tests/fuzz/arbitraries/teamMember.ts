import fc from "fast-check";
import { Input, obj, text, timeouts, word } from "./common";

/** An address the server's email check accepts, lowercase as `check` leaves it (a well-formed input is a fixed point). */
export const email = fc.tuple(word, fc.constantFrom("example.com", "example.org", "team.example.io")).map(([local, domain]) => `${local}@${domain}`);

/** A well-formed team member: an email and maybe the invitation's name, created or adopted (`adoptId` is the email). */
export const teamMember: fc.Arbitrary<Input> = obj({ email }, { name: text(100), variant: fc.constant("self-hosted"), timeouts, adoptId: email });
