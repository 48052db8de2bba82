import type { ClientMutant } from "../mutant.js";
import { onMethod, withParams } from "./lines.js";

/** Asks for protocol version 2024-10-07 (which nobody speaks) in initialize. */
export const wrongInitializeVersion: ClientMutant = {
  name: "wrong-initialize-version",
  defect: "Asks for protocol version 2024-10-07 (which nobody speaks) in initialize.",
  transports: ["stdio"],
  subset: { transport: "stdio", ids: ["client/lifecycle/initialize"], revisions: ["2025-11-25"] },
  outbound: onMethod("initialize", (m) => [withParams(m, (p) => ({ ...p, protocolVersion: "2024-10-07" }))]),
};
