import * as pulumi from "@pulumi/pulumi";
import { listDataPipes } from "../../provider/lookups/dataPipes";
import type { DataPipeInfo } from "../../provider/resources/dataPipe/wire";
import { ArgsOf } from "../args";
import { programApis } from "./settings";

export type { DataPipeInfo } from "../../provider/resources/dataPipe/wire";

/** Which service's pipes {@link getDataPipes} lists. */
export interface GetDataPipesArgs {
    /** Organization (UUID); defaults to the `observability:organizationId` setting. */
    organizationId?: string;
    /** Service (UUID); defaults to the `observability:serviceId` setting. */
    serviceId?: string;
}

/** {@link GetDataPipesArgs} whose properties may be Outputs. */
export type GetDataPipesOutputArgs = ArgsOf<GetDataPipesArgs>;

/**
 * Every data pipe of a service, as the service reports it (state, source, destination, mappings, scaling,
 * settings). Secrets are never part of the answer.
 * @example
 * ```ts
 * import * as obs from "pulumi-observability";
 *
 * export const dataPipes = obs.getDataPipesOutput();
 * ```
 * @param args The organization and service; both default to the settings.
 */
export function getDataPipes(args: GetDataPipesArgs = {}): Promise<DataPipeInfo[]> {
    return listDataPipes(programApis(), args);
}

/**
 * {@link getDataPipes} as an Output.
 * @param args The organization and service, possibly Outputs; both default to the settings.
 */
export function getDataPipesOutput(args: GetDataPipesOutputArgs = {}): pulumi.Output<DataPipeInfo[]> {
    return pulumi.output(args).apply((plain) => getDataPipes(plain));
}
