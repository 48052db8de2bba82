import type { Assembly } from "@mcpkit/reference";
import type { ServerRequestHandler } from "@mcpkit/server";
import { isObject, isRequest, isResponse, type JsonObject } from "../inject/json.js";
import { eachOutbound, type Rewrites } from "../inject/rewriting-transport.js";

/** The related-task `_meta` key (2025-11-25 tasks). */
export const RELATED_TASK = "io.modelcontextprotocol/related-task";

/** The real `tasks/*` handlers of the reference, by method. */
export type TaskHandlers = Readonly<Record<string, ServerRequestHandler>>;

/**
 * Replaces one `tasks/*` handler of the reference's definition with a defective one built from the
 * real handlers (the reference's own `ToolTasks`, so task state is shared with the real ones).
 */
export function replaceTaskHandler(
  method: string,
  defective: (real: TaskHandlers) => ServerRequestHandler,
): (assembly: Assembly) => Assembly {
  return (assembly) => {
    const { server } = assembly.definition;
    if (!server.tasks) throw new Error("the reference has no tasks");
    server.setRequestHandler(method, defective(server.tasks.handlers()));
    return assembly;
  };
}

/** Rewrites the error responses to requests of `method` (ids remembered on the way in). */
export function mapErrorsOf(method: string, f: (response: JsonObject) => JsonObject): Rewrites {
  const pending = new Set<unknown>();
  const remember = (m: unknown) => {
    if (isRequest(m) && m.method === method) pending.add(m.id);
  };
  return {
    inbound: (value) => {
      if (Array.isArray(value)) value.forEach(remember);
      else remember(value);
      return [value];
    },
    outbound: eachOutbound((m) => {
      if (!isResponse(m) || !pending.has(m.id)) return [m];
      pending.delete(m.id);
      return [isObject(m.error) ? f(structuredClone(m)) : m];
    }),
  };
}

/** `_meta` without the related-task key (undefined when nothing else is left). */
export function withoutRelatedTask(meta: unknown): JsonObject | undefined {
  if (!isObject(meta)) return undefined;
  const { [RELATED_TASK]: _dropped, ...rest } = meta;
  return Object.keys(rest).length > 0 ? rest : undefined;
}
