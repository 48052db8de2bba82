import {
  checkParamHeaders,
  McpError,
  PARAM_HEADER_KEYWORD,
  type ParamHeaderBinding,
  readParamHeaders,
} from "@mcpkit/core";
import type { ServerContext } from "../context.js";
import type { JsonSchema } from "../json-schema.js";
import type { ToolDefinition } from "../types.js";

const bindingCache = new WeakMap<JsonSchema, readonly ParamHeaderBinding[]>();

/** The tool's `x-mcp-header` bindings; throws a TypeError naming the tool when one is unusable. */
function bindingsOf(tool: Pick<ToolDefinition, "name" | "inputSchema">): readonly ParamHeaderBinding[] {
  const cached = bindingCache.get(tool.inputSchema);
  if (cached) return cached;
  const reading = readParamHeaders(tool.inputSchema);
  if (!reading.ok) {
    throw new TypeError(
      `Tool ${JSON.stringify(tool.name)} has an unusable ${PARAM_HEADER_KEYWORD} annotation: ${reading.problem}`,
    );
  }
  if (typeof tool.inputSchema === "object" && tool.inputSchema !== null) {
    bindingCache.set(tool.inputSchema, reading.bindings);
  }
  return reading.bindings;
}

/**
 * Checks a tool's `x-mcp-header` annotations when it is registered or changed, so a tool no client
 * could call correctly is refused up front: each must name a valid HTTP header (unique ignoring
 * case) on a string, number, integer or boolean property. Throws a TypeError naming the tool.
 */
export function assertParamHeaderAnnotations(tool: Pick<ToolDefinition, "name" | "inputSchema">): void {
  bindingsOf(tool);
}

/**
 * The 2026-07-28 `Mcp-Param-*` check of a `tools/call` that arrived as its own HTTP request
 * (stdio and WebSocket carry no per-message mirrors to check): every annotated argument must be mirrored
 * in its header, equal once decoded. Throws McpError -32020 (the HTTP endpoint answers it with 400)
 * with the same message and `data` the endpoint uses for `Mcp-Name`.
 */
export function assertParamHeaders(
  tool: Pick<ToolDefinition, "name" | "inputSchema">,
  args: Readonly<Record<string, unknown>>,
  ctx: Pick<ServerContext, "era" | "transport">,
): void {
  const headers = ctx.transport.headers;
  // Only per-request HTTP headers mirror arguments; they always carry Mcp-Method. WebSocket gives
  // its upgrade request's headers, which say nothing about any one message.
  if (ctx.era !== "stateless" || headers === undefined || headers["mcp-method"] === undefined) return;
  const mismatch = checkParamHeaders(bindingsOf(tool), args, headers);
  if (mismatch) throw new McpError(mismatch.code, mismatch.message, mismatch.data);
}
