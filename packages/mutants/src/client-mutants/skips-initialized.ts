import type { ClientMutant } from "../mutant.js";
import { onMethod } from "./lines.js";

/** Never sends notifications/initialized after the initialize response. */
export const skipsInitialized: ClientMutant = {
  name: "skips-initialized",
  defect: "Never sends notifications/initialized after the initialize response.",
  transports: ["stdio"],
  subset: { transport: "stdio", ids: ["client/lifecycle/initialize"], revisions: ["2025-11-25"] },
  outbound: onMethod("notifications/initialized", () => []),
};
