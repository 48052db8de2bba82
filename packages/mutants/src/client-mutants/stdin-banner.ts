import type { ClientMutant } from "../mutant.js";
import { onMethod } from "./lines.js";

/**
 * Writes a line of text to the server's stdin before its initialize, as a client logging to the
 * wrong stream would. Written for the client invariants: the transcripts match messages and pass
 * over a line that is not one.
 */
export const stdinBanner: ClientMutant = {
  name: "stdin-banner",
  defect: "Writes a plain-text banner line to the server's stdin before initialize.",
  transports: ["stdio"],
  subset: {
    transport: "stdio",
    ids: ["client/base/answers-ping-and-unknown-methods"],
    revisions: ["2025-11-25"],
  },
  outbound: onMethod("initialize", (message) => ["mcpkit client starting", message]),
};
