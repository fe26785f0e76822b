import * as pulumi from "@pulumi/pulumi";
import type { DashboardArgs as DashboardDeclaration, DashboardOutputs } from "../../provider/resources/dashboard/schema";
import { tileKeys } from "../../provider/resources/dashboard/tileKeys";
import { AdoptionArgs, ArgsOf, OutputProperties } from "../args";
import { ObservabilityResource, resourceKind } from "../resource";

/** The names of declared tiles or filters: plain when the program wrote them as values, else once they resolve. */
type DeclaredNames = string[] | pulumi.Output<string[]>;

function declaredNames(items: unknown): DeclaredNames {
    const plainName = (item: unknown) => (typeof item === "object" && item !== null ? (item as { name?: unknown }).name : undefined);
    if (Array.isArray(items) && items.every((item) => typeof plainName(item) === "string")) return items.map((item) => plainName(item) as string);
    return pulumi.output(items as pulumi.Input<{ name: string }[] | undefined>).apply((resolved) => (resolved ?? []).map((item) => item.name));
}

/** Arguments of a {@link Dashboard}; every property may be an Output. */
export type DashboardArgs = ArgsOf<DashboardDeclaration> & AdoptionArgs;

const KIND = resourceKind<DashboardOutputs>({
    type: "Dashboard",
    outputs: {
        name: undefined,
        tiles: undefined,
        tags: undefined,
        filters: undefined,
        containers: undefined,
        savedQuery: undefined,
        savedQueryLanguage: undefined,
        savedFilterValues: undefined,
        variant: undefined,
        organizationId: undefined,
        serviceId: undefined,
        target: undefined,
        tileIds: undefined,
        filterIds: undefined,
    },
});

/** The outputs of a {@link Dashboard}, typed from the schema's `DashboardOutputs`. */
export interface Dashboard extends OutputProperties<DashboardOutputs> {}

/**
 * A dashboard of the self-hosted API or of a cloud service's managed observability API.
 *
 * Tile ids are stable: the `tileIds` output maps each tile's key to its server id (the key is the tile's name, or
 * `name#n` for the n-th of several tiles sharing a name or having none), and every update sends
 * the stored ids back, so an alert declared on `dashboard.tileId("Errors")` survives any edit that keeps
 * that tile. Renaming or removing a tile gives it a new id or none: the server then deletes that tile's
 * alerts (and a later refresh drops them from the stack), so move the alert to the new name in the same
 * change. Fields left out (tags, filters, containers, saved query, saved filter values) are cleared on
 * update, as a declaration should. Prefer `dashboard.tileId("Errors")` to `tileIds["Errors"]`: it refuses a name
 * no declared tile has when the program runs, before anything is created.
 *
 * The self-hosted API leaves PromQL tiles (made in the web UI) out of every answer, and an update replaces the
 * tiles with the declared ones: it would delete them, and nothing in the API's answers shows that they exist.
 * Do not declare or adopt a dashboard that has PromQL tiles.
 *
 * @example
 * ```ts
 * import * as obs from "pulumi-observability";
 *
 * const logs = obs.getSourcesOutput().apply((sources) => sources.filter((source) => source.kind === "log")[0].id);
 *
 * export const dashboard = new obs.Dashboard("checkout", {
 *     name: "checkout service",
 *     tags: ["checkout"],
 *     tiles: [
 *         { name: "Errors", x: 0, y: 0, w: 12, h: 4, config: { displayType: "line", sourceId: logs, select: [{ aggFn: "count", where: "SeverityText:error" }] } },
 *         { name: "Runbook", x: 12, y: 0, w: 12, h: 4, config: { displayType: "markdown", markdown: "Page the owning team first." } },
 *     ],
 *     filters: [{ name: "Service", expression: "ServiceName", sourceId: logs }],
 * });
 * export const errorsTileId = dashboard.tileId("Errors");
 * ```
 */
export class Dashboard extends ObservabilityResource {
    /**
     * @param name The unique name of the resource in the stack.
     * @param args The dashboard's content and, optionally, where it lives.
     * @param opts Resource options.
     */
    constructor(name: string, args: DashboardArgs, opts?: pulumi.CustomResourceOptions) {
        super(KIND, name, args, opts);
        this.resourceName = name;
        this.tileNames = declaredNames(args.tiles);
        this.filterNames = declaredNames(args.filters);
    }

    private readonly resourceName: string;
    private readonly tileNames: DeclaredNames;
    private readonly filterNames: DeclaredNames;

    /**
     * The server id of the declared tile whose key is `key`, for an alert's `tileId`. A tile's key is its name when
     * that name is non-empty and no other tile has it, else `name#n`, the n-th tile of that name (from 1, in order).
     * Throws when the program runs (or, for tiles given as Outputs, once they resolve) if no declared tile has that
     * key, naming the dashboard and its tiles' keys.
     * @param key The tile's key: its name, or `name#n` for an empty or shared name.
     */
    tileId(key: string): pulumi.Output<string> {
        const keys = Array.isArray(this.tileNames) ? tileKeys(this.tileNames) : this.tileNames.apply(tileKeys);
        return this.idOf("tile", keys, this.tileIds, key);
    }

    /**
     * The server id of the declared filter named `name`. Throws like {@link Dashboard.tileId} when no declared filter
     * has that name.
     * @param name The filter's name.
     */
    filterId(name: string): pulumi.Output<string> {
        return this.idOf("filter", this.filterNames, this.filterIds, name);
    }

    private idOf(what: "tile" | "filter", declared: DeclaredNames, ids: pulumi.Output<Record<string, string>>, name: string): pulumi.Output<string> {
        const refuse = (names: string[]) =>
            new Error(
                `Dashboard ${JSON.stringify(this.resourceName)} declares no ${what} named ${JSON.stringify(name)}; its ${what}s: ${names.map((n) => JSON.stringify(n)).join(", ") || "none"}`,
            );
        if (Array.isArray(declared)) {
            if (!declared.includes(name)) throw refuse(declared);
            return ids.apply((byName) => byName[name]);
        }
        return pulumi.all([declared, ids]).apply(([names, byName]) => {
            if (!names.includes(name)) throw refuse(names);
            return byName[name];
        });
    }
}
