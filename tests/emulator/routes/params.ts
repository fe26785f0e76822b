import { ContractViolation } from "../http/apiError";
import { passesObjectIdCheck } from "../random";

/** The server's path-id check: malformed → 400 `Params validation failed: id: Invalid ObjectId` (§1.8). */
export function objectIdParam(params: Record<string, string>, name = "id"): string {
  const value = params[name] ?? "";
  if (!passesObjectIdCheck(value)) throw new ContractViolation(name, "Invalid ObjectId", { prefix: "Params validation failed" });
  return value;
}
