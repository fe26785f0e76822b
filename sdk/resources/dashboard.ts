import * as pulumi from "@pulumi/pulumi";
import type { DashboardArgs as DashboardDeclaration, DashboardOutputs } from "../../provider/resources/dashboard/schema";
import { AdoptionArgs, ArgsOf, OutputProperties, UnsetOutputs } from "../args";
import { providerStub } from "../stub";

const provider = providerStub("dashboard");

/** Arguments of a {@link Dashboard}; every property may be an Output. */
export type DashboardArgs = ArgsOf<DashboardDeclaration> & AdoptionArgs;

// Every output, seeded so that the engine reports it even when the arguments leave it out.
const OUTPUTS = {
    name: undefined, tiles: undefined, tags: undefined, filters: undefined, containers: undefined,
    savedQuery: undefined, savedQueryLanguage: undefined, savedFilterValues: undefined, variant: undefined,
    organizationId: undefined, serviceId: undefined, target: undefined, tileIds: undefined, filterIds: undefined
} satisfies UnsetOutputs<DashboardOutputs>;

/** The outputs of a {@link Dashboard}, typed from the schema's `DashboardOutputs`. */
export interface Dashboard extends OutputProperties<DashboardOutputs> {}

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
    /**
     * @param name The unique name of the resource in the stack.
     * @param args The dashboard's content and, optionally, where it lives.
     * @param opts Resource options.
     */
    constructor(name: string, args: DashboardArgs, opts?: pulumi.CustomResourceOptions) {
        super(provider, name, { ...OUTPUTS, ...args }, opts, "observability", "Dashboard");
    }
}
