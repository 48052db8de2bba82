import { ErrorCode, McpError, type Params, truncateEcho } from "@mcpkit/core";
import type { Registry } from "../registry.js";
import type { ServerRequestHandler } from "../session.js";
import type { Completer, CompletionValues } from "../types.js";
import type { PromptRegistration } from "./prompts.js";
import type { TemplateRegistration } from "./resources.js";

const MAX_VALUES = 100;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `completion/complete` for prompt arguments and template variables. */
export function completionHandlers(
  prompts: Registry<PromptRegistration>,
  templates: Registry<TemplateRegistration>,
): Record<string, ServerRequestHandler> {
  const completerFor = (ref: Record<string, unknown>, argument: string): Completer | undefined => {
    if (ref.type === "ref/prompt") {
      const prompt = prompts.get(String(ref.name));
      if (!prompt)
        throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${truncateEcho(String(ref.name))}`);
      return prompt.arguments?.find((a) => a.name === argument)?.complete;
    }
    const template = templates.get(String(ref.uri));
    if (!template)
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown resource template: ${truncateEcho(String(ref.uri))}`,
      );
    return template.complete?.[argument];
  };
  return {
    "completion/complete": async (params: Params, ctx) => {
      const ref = isRecord(params.ref) ? params.ref : {};
      const argument = isRecord(params.argument) ? params.argument : {};
      const completer = completerFor(ref, String(argument.name));
      // `context` arrived in 2025-06-18; earlier clients cannot send it.
      const context = ctx.revision >= "2025-06-18" && isRecord(params.context) ? params.context : {};
      const args = (isRecord(context.arguments) ? context.arguments : {}) as Record<string, string>;
      const answer = completer ? await completer(String(argument.value ?? ""), { arguments: args, ctx }) : [];
      const full: CompletionValues = Array.isArray(answer)
        ? { values: answer as readonly string[] }
        : (answer as CompletionValues);
      const values = full.values.slice(0, MAX_VALUES);
      const total = full.total ?? full.values.length;
      return {
        completion: { values, total, hasMore: full.hasMore ?? total > values.length },
      };
    },
  };
}
