import { ContractViolation } from "../http/apiError";
import { passesObjectIdCheck } from "../random";
import type { ApiRequest } from "./types";

/** The server's path-id check: malformed → 400 `Params validation failed: id: Invalid ObjectId` (§1.8). */
export function objectIdParam(params: Record<string, string>, name = "id"): string {
    const value = params[name] ?? "";
    if (!passesObjectIdCheck(value)) throw new ContractViolation(name, "Invalid ObjectId", { prefix: "Params validation failed" });
    return value;
}

/** Which observability variant a request reached (`self-hosted` or `managed`). */
export function variantOf(req: ApiRequest): "self-hosted" | "managed" {
    return req.variant === "self-hosted" ? "self-hosted" : "managed";
}
