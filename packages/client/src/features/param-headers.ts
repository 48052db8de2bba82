import { PARAM_HEADER_KEYWORD, paramHeaders, readParamHeaders } from "@mcpkit/core";
import { ClientError } from "../errors.js";
import type { Tool } from "../types.js";

/**
 * The `Mcp-Param-*` headers of a 2026-07-28 `tools/call`: each argument whose property the tool's
 * `inputSchema` annotates with `x-mcp-header` (and whose value is a string, an integer or a boolean),
 * `=?base64?…?=`-encoded when it is not safe ASCII. Undefined when there are none, the tool is
 * unknown, or its annotations are unusable.
 */
export function toolParamHeaders(
  tool: Tool | undefined,
  args: Readonly<Record<string, unknown>> | undefined,
): Readonly<Record<string, string>> | undefined {
  if (!tool || !args) return undefined;
  const reading = readParamHeaders(tool.inputSchema);
  if (!reading.ok || reading.bindings.length === 0) return undefined;
  const headers = paramHeaders(reading.bindings, args);
  return Object.keys(headers).length > 0 ? headers : undefined;
}

/**
 * The options of a `tools/call` with the `Mcp-Param-*` headers the tool's definition asks for
 * added (2026-07-28); `options` itself when there are none (no copy per call).
 */
export function withParamHeaders<O extends { readonly headers?: Readonly<Record<string, string>> }>(
  tool: Tool | undefined,
  args: Readonly<Record<string, unknown>> | undefined,
  options: O,
): O {
  const mirrored = toolParamHeaders(tool, args);
  return mirrored ? Object.assign({}, options, { headers: { ...mirrored, ...options.headers } }) : options;
}

/**
 * Leaves out the tools whose `x-mcp-header` annotations are unusable (an invalid header name, a
 * duplicate, a non-primitive property): a client cannot call them correctly over HTTP, so the
 * 2026-07-28 rules say to drop them. Each is reported as `ClientError("invalid_tool_definition")`.
 */
export function dropUnusableTools(tools: readonly Tool[], report: (error: Error) => void): Tool[] {
  return tools.filter((tool) => {
    const reading = readParamHeaders(tool.inputSchema);
    if (reading.ok) return true;
    report(
      new ClientError(
        "invalid_tool_definition",
        `Tool ${JSON.stringify(tool.name)} was left out: unusable ${PARAM_HEADER_KEYWORD} annotation: ${reading.problem}`,
        { data: { tool: tool.name, problem: reading.problem } },
      ),
    );
    return false;
  });
}
