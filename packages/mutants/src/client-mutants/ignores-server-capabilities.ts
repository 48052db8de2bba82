import { isObject } from "../inject/json.js";
import type { ClientMutant } from "../mutant.js";
import { onResponse } from "./lines.js";

/**
 * Uses tools whether or not the server declared them: the initialize result reaches the client
 * with a `tools` capability added, so the client's own capability check never fires.
 */
export const ignoresServerCapabilities: ClientMutant = {
  name: "ignores-server-capabilities",
  defect: "Calls tools/* on a server that did not declare the tools capability.",
  transports: ["stdio"],
  subset: {
    transport: "stdio",
    ids: ["client/mutants/respects-server-capabilities"],
    revisions: ["2025-11-25"],
  },
  inbound: onResponse((response) => {
    const result = response.result;
    if (!isObject(result) || !isObject(result.capabilities) || !("protocolVersion" in result))
      return response;
    return { ...response, result: { ...result, capabilities: { ...result.capabilities, tools: {} } } };
  }),
};
