import * as pulumi from "@pulumi/pulumi";
import type { DashboardArgs as DashboardDeclaration } from "../../provider/resources/dashboard/schema";
import type { ResolvedTarget } from "../../provider/settings/target";
import { AdoptionArgs, ArgsOf } from "../args";
import { providerStub } from "../stub";

const provider = providerStub("dashboard");

/** Arguments of a {@link Dashboard}; every property may be an Output. */
export type DashboardArgs = ArgsOf<DashboardDeclaration> & AdoptionArgs;

/**
 * A dashboard of the self-hosted API or of a cloud service's managed observability API.
 *
 * Tile ids are stable: the `tileIds` output maps each tile name to its server id, and every update sends
 * the stored ids back, so an alert declared on `dashboard.tileIds["Errors"]` survives any edit that keeps
 * that tile. Renaming or removing a tile gives it a new id or none: the server then deletes that tile's
 * alerts (and a later refresh drops them from the stack), so move the alert to the new name in the same
 * change. Fields left out (tags, filters, containers, saved query, saved filter values) are cleared on
 * update, as a declaration should.
 */
export class Dashboard extends pulumi.dynamic.Resource {
    /** Dashboard name. */
    declare readonly name: pulumi.Output<string>;
    /** Server-assigned tile id per tile name; reference these from alerts. */
    declare readonly tileIds: pulumi.Output<Record<string, string>>;
    /** Server-assigned filter id per filter name. */
    declare readonly filterIds: pulumi.Output<Record<string, string>>;
    /** Where the dashboard lives: the variant and, for managed, the organization and service. */
    declare readonly target: pulumi.Output<ResolvedTarget>;

    /**
     * @param name The unique name of the resource in the stack.
     * @param args The dashboard's content and, optionally, where it lives.
     * @param opts Resource options.
     */
    constructor(name: string, args: DashboardArgs, opts?: pulumi.CustomResourceOptions) {
        super(provider, name, { tileIds: undefined, filterIds: undefined, target: undefined, ...args }, opts, "observability", "Dashboard");
    }
}
