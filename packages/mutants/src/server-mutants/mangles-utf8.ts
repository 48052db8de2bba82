import { eachOutbound, rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";

/** Every character outside ASCII in what it sends becomes "?" (a lossy encoding on the way out). */
export const manglesUtf8: ServerMutant = {
  name: "mangles-utf8",
  defect: "Replaces every non-ASCII character it sends by '?' (not UTF-8 clean).",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/base/utf8-round-trip"], revisions: ["2025-11-25"] },
  inject: rewriting({
    outbound: eachOutbound((message) => [JSON.parse(JSON.stringify(message).replace(/[^ -~]/gu, "?"))]),
  }),
};
