import { ErrorCode, type JsonObject, McpError, type Params } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import type { ServerContext } from "../context.js";
import { isInputNeeded } from "../input.js";
import { compileSchema, type JsonSchema, type SchemaCheck } from "../json-schema.js";
import type { Registry } from "../registry.js";
import type { ServerRequestHandler } from "../session.js";
import { blockFor, pick, sinceFields } from "../shape.js";
import { jsonSchemaOf, type Parsed, standardParser, type ToJsonSchema } from "../standard-schema.js";
import type { StandardToolDefinition, ToolDefinition, ToolHandler, ToolResult } from "../types.js";
import { assertParamHeaders } from "./param-headers.js";
import { type FeatureEnv, listPage } from "./shared.js";

/** A registered tool: its definition and its handler. */
export interface ToolRegistration extends ToolDefinition {
  readonly handler: ToolHandler;
  /** Parses the arguments (a Standard Schema), instead of `validate` or `inputSchema`. */
  readonly parseInput?: (args: unknown) => Promise<Parsed>;
  /** Checks structured content (a Standard Schema), instead of `outputSchema`. */
  readonly parseOutput?: (value: unknown) => Promise<Parsed>;
}

/** A Standard Schema tool as a registration: served JSON Schemas resolved, parsers attached. */
export function standardTool(
  definition: StandardToolDefinition,
  handler: ToolHandler,
  serverHook: ToJsonSchema | undefined,
): ToolRegistration {
  const { input, output, toJsonSchema, inputSchema, outputSchema, ...rest } = definition;
  const hook: ToJsonSchema | undefined = toJsonSchema
    ? (schema, io) => toJsonSchema.call(definition, schema, io)
    : serverHook;
  const what = `tool ${definition.name}`;
  return {
    ...rest,
    inputSchema: jsonSchemaOf(input, "input", inputSchema, hook, what),
    ...(output
      ? { outputSchema: jsonSchemaOf(output, "output", outputSchema, hook, what) }
      : pick(definition, ["outputSchema"])),
    handler,
    parseInput: standardParser(input),
    ...(output ? { parseOutput: standardParser(output) } : {}),
  };
}

const compiled = new WeakMap<JsonSchema, SchemaCheck>();

function checkOf(schema: JsonSchema): SchemaCheck {
  let check = compiled.get(schema);
  if (!check) {
    check = compileSchema(schema);
    compiled.set(schema, check);
  }
  return check;
}

/** A tool as a revision's `tools/list` shows it. */
export function toolFor(revision: Revision, tool: ToolDefinition): Record<string, unknown> {
  const since = sinceFields(revision);
  return {
    name: tool.name,
    ...(since.title ? pick(tool, ["title"]) : {}),
    ...pick(tool, ["description", "inputSchema"]),
    ...(since.title ? pick(tool, ["outputSchema"]) : {}),
    ...(revision >= "2025-03-26" ? pick(tool, ["annotations"]) : {}),
    ...(since.icons ? pick(tool, ["icons", "execution"]) : {}),
    ...(since.meta ? pick(tool, ["_meta"]) : {}),
  };
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

/** Validates the output of a tool with an output schema; the problem, or undefined. */
async function outputProblem(tool: ToolRegistration, result: ToolResult): Promise<string | undefined> {
  if (!tool.outputSchema || result.isError) return undefined;
  if (result.structuredContent === undefined) {
    return `Tool ${tool.name} declares an output schema but returned no structured content`;
  }
  const issue = tool.parseOutput
    ? (await tool.parseOutput(result.structuredContent)).issue
    : checkOf(tool.outputSchema)(result.structuredContent);
  return (
    issue &&
    `Tool ${tool.name} returned structured content that does not match its output schema: ${issue.message}`
  );
}

/** `tools/list` and `tools/call` over a registry. */
export function toolHandlers(
  tools: Registry<ToolRegistration>,
  env: FeatureEnv,
  report: (error: Error) => void,
): Record<string, ServerRequestHandler> {
  return {
    "tools/list": (params, ctx) =>
      listPage(
        env,
        ctx,
        params,
        "tools",
        tools.list().map((t) => toolFor(ctx.revision, t)),
      ),
    "tools/call": (params, ctx) => callTool(tools, params, ctx, report),
  };
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null)?.then === "function";
}

function checkArgs(tool: ToolRegistration, args: Record<string, unknown>): Parsed {
  const issue = (tool.validate ?? checkOf(tool.inputSchema))(args);
  return issue ? { issue } : { value: args };
}

async function callTool(
  tools: Registry<ToolRegistration>,
  params: Params,
  ctx: ServerContext,
  report: (error: Error) => void,
): Promise<JsonObject> {
  const name = String(params.name);
  const tool = tools.get(name);
  if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`, { name });
  const given = (params.arguments ?? {}) as Record<string, unknown>;
  // Header mirrors are checked before the arguments: a mismatch is a refused request (HTTP 400).
  if (typeof given === "object" && given !== null) assertParamHeaders(tool, given, ctx);
  const parsed = tool.parseInput ? await tool.parseInput(given) : checkArgs(tool, given);
  if (parsed.issue) {
    const issue = parsed.issue;
    const message = `Invalid arguments for tool ${name}: ${issue.message}`;
    // 2025-11-25 made input-validation failures tool errors the model can see and correct.
    if (ctx.revision >= "2025-11-25") return resultFor(ctx.revision, errorResult(message));
    throw new McpError(ErrorCode.InvalidParams, message, { pointer: `/params/arguments${issue.pointer}` });
  }
  let result: ToolResult;
  try {
    const returned = tool.handler(parsed.value as Record<string, unknown>, ctx);
    // A handler that answers at once costs no extra turn.
    result = isThenable(returned) ? await returned : returned;
  } catch (error) {
    if (isInputNeeded(error) || error instanceof McpError) throw error;
    return resultFor(ctx.revision, errorResult(error instanceof Error ? error.message : String(error)));
  }
  // Only a declared output schema is checked (most tools have none: no await for them).
  const problem = tool.outputSchema && !result.isError ? await outputProblem(tool, result) : undefined;
  if (problem) {
    report(new Error(problem));
    return resultFor(ctx.revision, errorResult(problem));
  }
  return resultFor(ctx.revision, result);
}
