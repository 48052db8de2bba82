import { isNotification } from "../inject/json.js";
import { eachOutbound, rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/** Sends every progress notification twice: the second does not increase the progress. */
export const progressRepeats: ServerMutant = {
  name: "progress-repeats",
  defect: "Sends every progress notification twice (the progress value does not increase).",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tools/*"], revisions: ["2025-11-25"] },
  inject: rewriting({
    outbound: eachOutbound((m) =>
      isNotification(m) && m.method === "notifications/progress" ? [m, structuredClone(m)] : [m],
    ),
  }),
};
