import { isNotification, isRequest } from "../inject/json.js";
import type { ClientMutant } from "../mutant.js";

/**
 * Holds notifications/initialized back and sends it after the first request that follows it (the
 * client's tools/list): the session is used before it is declared ready. Written for the client
 * invariants, which check the order of the opening on every run.
 */
function lateInitialized(): Pick<ClientMutant, "outbound"> {
  let held: unknown;
  let sent = false;
  return {
    outbound: (line) => {
      if (!sent && isNotification(line) && line.method === "notifications/initialized") {
        held = line;
        return [];
      }
      if (!sent && held !== undefined && isRequest(line) && line.method !== "ping") {
        sent = true;
        return [line, held];
      }
      return [line];
    },
  };
}

export const initializedLate: ClientMutant = {
  name: "initialized-late",
  defect: "Sends notifications/initialized only after its first request of the session.",
  transports: ["stdio"],
  subset: {
    transport: "stdio",
    ids: ["client/base/answers-ping-and-unknown-methods"],
    revisions: ["2025-11-25"],
  },
  ...lateInitialized(),
};
