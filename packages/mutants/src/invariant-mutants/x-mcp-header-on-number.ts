import { isObject } from "../inject/json.js";
import { mapResultsOf } from "../inject/messages.js";
import { rewriting } from "../inject/rewriting-transport.js";
import type { ServerMutant } from "../mutant.js";
import { mapTools } from "../server-mutants/helpers.js";
import { EVERY_TRANSPORT } from "./helpers.js";

/**
 * 2026-07-28: every listed tool gains an optional `scale` property of type number mirrored into an
 * `Mcp-Param-Scale` header (x-mcp-header is allowed on string, integer and boolean properties only).
 */
export const xMcpHeaderOnNumber: ServerMutant = {
  name: "x-mcp-header-on-number",
  defect: "2026-07-28: lists tools with an x-mcp-header annotation on a number property.",
  transports: EVERY_TRANSPORT,
  subset: { transport: "stdio", ids: ["server/tools/*"], revisions: ["2026-07-28"] },
  inject: rewriting(
    mapResultsOf("tools/list", (result, request) => {
      const params = isObject(request.params) ? request.params : {};
      const meta = isObject(params._meta) ? params._meta : {};
      if (meta["io.modelcontextprotocol/protocolVersion"] !== "2026-07-28") return result;
      return {
        ...result,
        tools: mapTools(result.tools, (tool) => {
          const schema = isObject(tool.inputSchema) ? tool.inputSchema : { type: "object" };
          const properties = isObject(schema.properties) ? schema.properties : {};
          const scale = { type: "number", "x-mcp-header": "Scale" };
          return { ...tool, inputSchema: { ...schema, properties: { ...properties, scale } } };
        }),
      };
    }),
  ),
};
