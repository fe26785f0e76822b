import { Apis } from "../api/apis";
import { PipeApi } from "../resources/dataPipe/api";
import type { ServiceIds } from "../settings/location";
import { DataPipeInfo, describePipe } from "../resources/dataPipe/wire";

/** How long a lookup may take, retries included. */
export const LOOKUP_TIMEOUT_MS = 5 * 60_000;

/** Every pipe of a service (the spec's list endpoint), without secrets (the service never returns them). */
export async function listDataPipes(apis: Apis, target: ServiceIds): Promise<DataPipeInfo[]> {
    const api = new PipeApi({ apis, signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) }, target, "getDataPipes");
    return (await api.list()).map(describePipe);
}
