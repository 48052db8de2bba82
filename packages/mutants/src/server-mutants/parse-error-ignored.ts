import type { ServerMutant } from "../mutant.js";
import { rewriting } from "../inject/rewriting-transport.js";

/** Silently drops input that is not JSON instead of answering -32700. */
export const parseErrorIgnored: ServerMutant = {
  name: "parse-error-ignored",
  defect: "Silently drops input that is not JSON instead of answering -32700.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/base/parse-error"], revisions: ["2025-11-25"] },
  inject: rewriting({ dropUnreadable: true }),
};
