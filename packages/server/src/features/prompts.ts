import { ErrorCode, McpError, truncateEcho } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import type { Registry } from "../registry.js";
import { requireScopes } from "../scopes.js";
import type { ServerRequestHandler } from "../session.js";
import { blockFor, pick, sinceFields } from "../shape.js";
import type { ContentBlock, PromptDefinition, PromptHandler, PromptMessage } from "../types.js";
import type { Parsed } from "../standard-schema.js";
import { type FeatureEnv, listPage } from "./shared.js";
import { parsedPromptArguments } from "./standard-prompt.js";

export interface PromptRegistration extends PromptDefinition {
  readonly handler: PromptHandler;
  /** Parses the arguments (a Standard Schema), after the required ones are checked. */
  readonly parseArguments?: (args: unknown) => Promise<Parsed>;
}

function promptFor(revision: Revision, prompt: PromptDefinition): Record<string, unknown> {
  const since = sinceFields(revision);
  const args = prompt.arguments?.map((a) => ({
    name: a.name,
    ...(since.title ? pick(a, ["title"]) : {}),
    ...pick(a, ["description", "required"]),
  }));
  return {
    name: prompt.name,
    ...(since.title ? pick(prompt, ["title"]) : {}),
    ...pick(prompt, ["description"]),
    ...(args === undefined ? {} : { arguments: args }),
    ...(since.icons ? pick(prompt, ["icons"]) : {}),
    ...(since.meta ? pick(prompt, ["_meta"]) : {}),
  };
}

function messageFor(revision: Revision, message: PromptMessage): PromptMessage {
  return { ...message, content: blockFor(revision, message.content as ContentBlock) };
}

/** `prompts/list` and `prompts/get`. */
export function promptHandlers(
  prompts: Registry<PromptRegistration>,
  env: FeatureEnv,
): Record<string, ServerRequestHandler> {
  return {
    "prompts/list": (params, ctx) =>
      listPage(
        env,
        ctx,
        params,
        "prompts",
        prompts.list().map((p) => promptFor(ctx.revision, p)),
      ),
    "prompts/get": async (params, ctx) => {
      const name = String(params.name);
      const prompt = prompts.get(name);
      if (!prompt) {
        const echoed = truncateEcho(name);
        throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${echoed}`, { name: echoed });
      }
      if (prompt.scopes)
        requireScopes(ctx, prompt.scopes, `prompt ${JSON.stringify(prompt.name)}`, env.authorization);
      const args = (params.arguments ?? {}) as Record<string, string>;
      for (const argument of prompt.arguments ?? []) {
        if (argument.required && args[argument.name] === undefined) {
          throw new McpError(ErrorCode.InvalidParams, `Missing required argument: ${argument.name}`, {
            pointer: `/params/arguments/${argument.name}`,
          });
        }
      }
      const parsed = prompt.parseArguments
        ? ((await parsedPromptArguments(prompt.name, prompt.parseArguments, args)) as Record<string, string>)
        : args;
      const result = await prompt.handler(parsed, ctx);
      return {
        ...(result.description === undefined ? {} : { description: result.description }),
        messages: result.messages.map((m) => messageFor(ctx.revision, m)),
        ...(result._meta === undefined ? {} : { _meta: result._meta }),
      };
    },
  };
}
