import { McpError } from "@mcpkit/core";
import type { ServerMutant } from "../mutant.js";

/** A definition whose middleware refuses completion/complete, while the capability stays declared. */
export const completionNotServed: ServerMutant = {
  name: "completion-not-served",
  defect: "Declares the completions capability but answers completion/complete with -32601.",
  transports: ["stdio", "http", "sse", "ws"],
  subset: { transport: "stdio", ids: ["server/completion/complete"], revisions: ["2025-11-25"] },
  inject: (assembly) => {
    assembly.definition.server.use(async (request, next) => {
      if (request.method === "completion/complete") throw new McpError(-32601, "Method not found");
      return next();
    });
    return assembly;
  },
};
