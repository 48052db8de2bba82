import type { JsonObject } from "@mcpkit/core";
import type { CompleteResult, GetPromptResult, ReadResourceResult } from "../types.js";

// Tolerant readers of results (design: be tolerant in what you accept): a missing list is empty.

export function readResult(result: JsonObject): ReadResourceResult {
  return { ...result, contents: Array.isArray(result.contents) ? result.contents : [] } as ReadResourceResult;
}

export function promptResult(result: JsonObject): GetPromptResult {
  return { ...result, messages: Array.isArray(result.messages) ? result.messages : [] } as GetPromptResult;
}

export function completeResult(result: JsonObject): CompleteResult {
  const completion = (result.completion ?? {}) as Record<string, unknown>;
  const values = Array.isArray(completion.values) ? completion.values : [];
  return { ...result, completion: { ...completion, values } } as CompleteResult;
}
