import { z } from "zod";
import type { Apis, OperationContext } from "../../api/apis";
import { deleteIfPresent } from "../../api/gone";
import type { ApiClient } from "../../api/http/client";
import { ConfigurationError } from "../../settings/errors";
import { path } from "../../common/ids";
import { listAll } from "../../api/paging";
import { where } from "../../settings/config";
import { MANAGED_HAS_NO_TEAM } from "./schema";
import { WireInvitation, wireInvitation, WireInvited, wireInvited, WireMember, wireMember, sameEmail } from "./wire";

const MEMBERS = "/team/members";
const INVITATIONS = "/team/invitations";

/**
 * The self-hosted client for the team routes, refused when the declaration or the `variant` setting asks for the
 * managed variant (its API has no team routes). No request is made.
 */
export function teamClient(apis: Apis, variant?: "self-hosted" | "managed"): ApiClient {
    if (apis.settings.variant(variant) === "managed") throw new ConfigurationError(`TeamMember: ${MANAGED_HAS_NO_TEAM} (${where("variant")} says managed)`);
    return apis.selfHosted();
}

/** The calls of the team routes (server 2.29.0+) for one operation. */
export class TeamApi {
    constructor(
        private readonly client: ApiClient,
        private readonly signal?: AbortSignal,
    ) {}

    /** Tells the user something while the operation runs (a warning in Pulumi's log). */
    notify(message: string): void {
        this.client.notify(message);
    }

    /** Every member. The route does not page (team.ts:74 reads all users of the team); `listAll` would follow a `meta`. */
    members(operation: string): Promise<WireMember[]> {
        return listAll(this.client, operation, MEMBERS, wireMember, this.signal);
    }

    /** Every pending invitation (not paged either: team.ts:189). */
    invitations(operation: string): Promise<WireInvitation[]> {
        return listAll(this.client, operation, INVITATIONS, wireInvitation, this.signal);
    }

    /**
     * The member with this email, else the pending invitation, else undefined. A list shared through the client's list
     * cache answers a hit; a miss is confirmed by a fresh list (during a refresh every member is read).
     */
    async find(operation: string, email: string): Promise<{ member: WireMember } | { invitation: WireInvitation } | undefined> {
        const member = await this.findIn(MEMBERS, () => this.members(operation), email);
        if (member) return { member };
        const invitation = await this.findIn(INVITATIONS, () => this.invitations(operation), email);
        return invitation && { invitation };
    }

    /**
     * Invites the email. The server answers the team's existing invitation for an address already invited, so a
     * resent request makes no second one: it is retried like a GET.
     */
    invite(operation: string, body: { email: string; name?: string }): Promise<WireInvited> {
        return this.client.request({ operation, method: "POST", path: "/team/invitation", body, response: wireInvited, idempotent: true, signal: this.signal });
    }

    /** Revokes an invitation; one already gone (accepted, revoked or expired) counts as revoked. */
    revoke(operation: string, id: string): Promise<boolean> {
        return deleteIfPresent(
            this.client.request({ operation, method: "DELETE", path: path`/team/invitation/${id}`, response: z.unknown(), signal: this.signal }),
        );
    }

    /** Removes a member; one already gone counts as removed. */
    remove(operation: string, id: string): Promise<boolean> {
        return deleteIfPresent(
            this.client.request({ operation, method: "DELETE", path: path`/team/member/${id}`, response: z.unknown(), signal: this.signal }),
        );
    }

    private async findIn<W extends { email: string }>(key: string, list: () => Promise<W[]>, email: string): Promise<W | undefined> {
        // A list loaded for the cache just now is fresh: a miss in it needs no second request.
        let loaded: W[] | undefined;
        if (this.client.lists.enabled) {
            const hit = (await this.client.lists.get(key, async () => (loaded = await list()))).find((item) => sameEmail(item.email, email));
            if (hit) return hit;
        }
        return (loaded ?? (await list())).find((item) => sameEmail(item.email, email));
    }
}

/** The team API of an operation. */
export const teamApi = (ctx: OperationContext, variant?: "self-hosted" | "managed"): TeamApi => new TeamApi(teamClient(ctx.apis, variant), ctx.signal);
