import { isRequest, isResponse } from "../inject/json.js";
import type { ClientMutant } from "../mutant.js";

/**
 * Sends every request with the id of its first request. Responses are mapped back in order, so
 * the client itself still works: only the wire shows the reused id.
 */
function reuseIds(): Pick<ClientMutant, "outbound" | "inbound"> {
  let first: unknown;
  const waiting: unknown[] = [];
  return {
    outbound: (line) => {
      if (!isRequest(line)) return [line];
      if (first === undefined) {
        first = line.id;
        return [line];
      }
      waiting.push(line.id);
      return [{ ...line, id: first }];
    },
    inbound: (line) => {
      if (!isResponse(line) || line.id !== first || waiting.length === 0) return [line];
      return [{ ...line, id: waiting.shift() }];
    },
  };
}

export const reusesRequestId: ClientMutant = {
  name: "reuses-request-id",
  defect: "Reuses the id of its first request for every later request.",
  transports: ["stdio"],
  subset: { transport: "stdio", ids: ["client/mutants/unique-request-ids"], revisions: ["2025-11-25"] },
  ...reuseIds(),
};
