import {
  AuthenticationError,
  ErrorCode,
  type JsonObject,
  McpError,
  type Params,
  truncateEcho,
} from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import type { ServerContext } from "../context.js";
import { isInputNeeded } from "../input.js";
import { checkOf } from "../json-schema.js";
import { type Logger, logTo } from "../logger.js";
import type { Registry } from "../registry.js";
import { type AuthorizationOptions, requireScopes } from "../scopes.js";
import { blockFor } from "../shape.js";
import type { Parsed } from "../standard-schema.js";
import type { ToolResult } from "../types.js";
import { assertParamHeaders } from "./param-headers.js";
import type { ToolRegistration } from "./tools.js";

type Answer = JsonObject | Promise<JsonObject>;

/**
 * `tools/call`: finds the tool, checks the arguments, runs the handler and checks its structured
 * output. Answers at once (no promise) when every step does: a JSON Schema tool whose handler
 * returns its result directly costs no turn of the event loop.
 */
export function callTool(
  tools: Registry<ToolRegistration>,
  params: Params,
  ctx: ServerContext,
  report: (error: Error) => void,
  authorization: AuthorizationOptions = {},
  logger?: Logger,
): Answer {
  const name = String(params.name);
  const tool = tools.get(name);
  if (!tool) {
    const echoed = truncateEcho(name);
    throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${echoed}`, { name: echoed });
  }
  // Scopes first: a caller without them learns nothing from checks of its arguments.
  if (tool.scopes) requireScopes(ctx, tool.scopes, `tool ${JSON.stringify(tool.name)}`, authorization);
  const given = (params.arguments ?? {}) as Record<string, unknown>;
  // Header mirrors are checked before the arguments: a mismatch is a refused request (HTTP 400).
  if (typeof given === "object" && given !== null) assertParamHeaders(tool, given, ctx);
  const notes = { report, logger };
  if (tool.parseInput) return tool.parseInput(given).then((parsed) => runTool(tool, parsed, ctx, notes));
  return runTool(tool, checkArgs(tool, given), ctx, notes);
}

function checkArgs(tool: ToolRegistration, args: Record<string, unknown>): Parsed {
  const issue = (tool.validate ?? checkOf(tool.inputSchema))(args);
  return issue ? { issue } : { value: args };
}

/** Runs the handler on checked arguments. */
function runTool(
  tool: ToolRegistration,
  parsed: Parsed,
  ctx: ServerContext,
  { report, logger }: { readonly report: (error: Error) => void; readonly logger: Logger | undefined },
): Answer {
  if (parsed.issue) {
    const message = `Invalid arguments for tool ${tool.name}: ${parsed.issue.message}`;
    // 2025-11-25 made input-validation failures tool errors the model can see and correct.
    if (ctx.revision >= "2025-11-25") return resultFor(ctx.revision, errorResult(message));
    throw new McpError(ErrorCode.InvalidParams, message, {
      pointer: `/params/arguments${parsed.issue.pointer}`,
    });
  }
  let returned: ToolResult | PromiseLike<ToolResult>;
  try {
    returned = tool.handler(parsed.value as Record<string, unknown>, ctx);
  } catch (error) {
    return failedTool(tool, error, ctx.revision, logger);
  }
  if (!isThenable(returned)) return checkedOutput(tool, returned, ctx.revision, report);
  return Promise.resolve(returned).then(
    (result) => checkedOutput(tool, result, ctx.revision, report),
    (error: unknown) => failedTool(tool, error, ctx.revision, logger),
  );
}

/**
 * A handler that threw: a tool error the model sees, except MCP errors, input requests and
 * refused credentials (which the client must see as such: 401/403 with a challenge).
 */
function failedTool(
  tool: ToolRegistration,
  error: unknown,
  revision: Revision,
  logger: Logger | undefined,
): JsonObject {
  if (isInputNeeded(error) || error instanceof McpError || error instanceof AuthenticationError) throw error;
  const message = error instanceof Error ? error.message : String(error);
  logTo(logger, "warn", { tool: tool.name, err: error }, `tool ${tool.name} threw: ${message}`);
  return resultFor(revision, errorResult(message));
}

/** The result, once its structured content matches the tool's output schema (if it declares one). */
function checkedOutput(
  tool: ToolRegistration,
  result: ToolResult,
  revision: Revision,
  report: (error: Error) => void,
): Answer {
  if (!tool.outputSchema || result.isError) return resultFor(revision, result);
  const answer = (problem: string | undefined): JsonObject => {
    if (!problem) return resultFor(revision, result);
    report(new Error(problem));
    return resultFor(revision, errorResult(problem));
  };
  if (result.structuredContent === undefined) {
    return answer(`Tool ${tool.name} declares an output schema but returned no structured content`);
  }
  const mismatch = (issue: Parsed["issue"]) =>
    issue &&
    `Tool ${tool.name} returned structured content that does not match its output schema: ${issue.message}`;
  if (tool.parseOutput)
    return tool.parseOutput(result.structuredContent).then(({ issue }) => answer(mismatch(issue)));
  return answer(mismatch(checkOf(tool.outputSchema)(result.structuredContent)));
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

function errorResult(text: string): ToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

/** A tool result as a revision can carry it. */
function resultFor(revision: Revision, result: ToolResult): JsonObject {
  const structured = revision >= "2025-06-18" ? result.structuredContent : undefined;
  let content = (result.content ?? []).map((block) => blockFor(revision, block));
  // Clients that ignore structured content still see it, as JSON text.
  if (content.length === 0 && result.structuredContent !== undefined) {
    content = [{ type: "text", text: JSON.stringify(result.structuredContent) }];
  }
  return {
    content,
    ...(structured === undefined ? {} : { structuredContent: structured }),
    ...(result.isError ? { isError: true } : {}),
    ...(result._meta === undefined ? {} : { _meta: result._meta }),
  };
}
