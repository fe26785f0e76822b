import fc from "fast-check";
import type { DeclaredResource } from "../../harness/engine";
import type { DeclareEnv } from "./env";

/** The people a program may declare (the self-hosted team's only: the managed API has no team routes). */
export const TEAM_EMAILS = ["lead@example.com", "dev@example.com", "oncall@example.com"] as const;

/** Who the program declares as team members, by email. */
export const teamMembersArbitrary: fc.Arbitrary<string[]> = fc.subarray([...TEAM_EMAILS]);

/** One `TeamMember` per email, named after its local part. */
export function declareTeamMembers(emails: readonly string[], env: DeclareEnv): DeclaredResource[] {
    return emails.map((email) => ({ type: "TeamMember", name: `member-${email.split("@")[0]}`, provider: env.providers.teamMember, inputs: { email } }));
}
