import type { Revision } from "@mcpkit/schema";
import type { Registry } from "../registry.js";
import type { ServerRequestHandler } from "../session.js";
import { servedSchema } from "../schema-dialect.js";
import { pick, sinceFields } from "../shape.js";
import { jsonSchemaOf, type Parsed, standardParser, type ToJsonSchema } from "../standard-schema.js";
import type { StandardToolDefinition, ToolDefinition, ToolHandler } from "../types.js";
import { callTool } from "./tool-call.js";
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

/** A tool as a revision's `tools/list` shows it. */
export function toolFor(revision: Revision, tool: ToolDefinition): Record<string, unknown> {
  const since = sinceFields(revision);
  return {
    name: tool.name,
    ...(since.title ? pick(tool, ["title"]) : {}),
    ...pick(tool, ["description"]),
    // Each revision gets the schemas in its dialect (draft-07 up to 2025-06-18).
    inputSchema: servedSchema(revision, tool.inputSchema),
    ...(since.title && tool.outputSchema ? { outputSchema: servedSchema(revision, tool.outputSchema) } : {}),
    ...(revision >= "2025-03-26" ? pick(tool, ["annotations"]) : {}),
    ...(since.icons ? pick(tool, ["icons"]) : {}),
    // `execution` (task support) is a 2025-11-25 field: 2026-07-28 dropped it with tasks.
    ...(revision === "2025-11-25" ? pick(tool, ["execution"]) : {}),
    ...(since.meta ? pick(tool, ["_meta"]) : {}),
  };
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
    "tools/call": (params, ctx) => callTool(tools, params, ctx, report, env.authorization, env.logger),
  };
}
