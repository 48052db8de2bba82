import type { ClientMutant } from "../mutant.js";
import { onMethod, withParams } from "./lines.js";

/** Declares no capabilities in initialize, yet still answers sampling and roots requests. */
export const declaresNoCapabilities: ClientMutant = {
  name: "declares-no-capabilities",
  defect: "Declares no capabilities in initialize, yet still answers sampling and roots requests.",
  transports: ["stdio"],
  subset: { transport: "stdio", ids: ["client/features/sampling"], revisions: ["2025-11-25"] },
  outbound: onMethod("initialize", (m) => [withParams(m, (p) => ({ ...p, capabilities: {} }))]),
};
