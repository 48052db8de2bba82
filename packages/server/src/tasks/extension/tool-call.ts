import {
  declaresExtension,
  ErrorCode,
  type JsonObject,
  McpError,
  type Params,
  truncateEcho,
} from "@mcpkit/core";
import type { ServerContext, TaskControl } from "../../context.js";
import { elicitFunction } from "../../elicit.js";
import { type AuthorizationOptions, requireScopes } from "../../scopes.js";
import type { ServerRequestHandler } from "../../session.js";
import type { ToolDefinition } from "../../types.js";
import type { TaskRecord } from "../store.js";
import type { ExtensionTasks } from "./tasks.js";
import { createTaskResult, TASKS_EXTENSION } from "./wire.js";

type ToolLookup = (
  name: string,
) => Pick<ToolDefinition, "name" | "execution" | "taskCreation" | "scopes"> | undefined;

/**
 * `tools/call` under the tasks extension (2026-07-28 only; other revisions get `next`). A tool whose
 * `execution.taskSupport` is `"optional"` or `"required"`, called by a client that declared the
 * extension on the request, becomes a task (when is the tool's `taskCreation`). Without the
 * declaration an optional tool runs as a plain call and a required one is refused with -32021.
 * The legacy `params.task` is ignored.
 */
export function taskToolCall(
  tasks: ExtensionTasks,
  toolNamed: ToolLookup,
  authorization: () => AuthorizationOptions,
): (next: ServerRequestHandler) => ServerRequestHandler {
  return (next) => (params, ctx) => {
    if (ctx.era !== "stateless") return next(params, ctx);
    const tool = toolNamed(String(params.name));
    const support = tool?.execution?.taskSupport ?? "forbidden";
    if (!tool || support === "forbidden") return next(params, ctx);
    if (!declaresExtension(ctx.client.capabilities, TASKS_EXTENSION)) {
      if (support === "optional") return next(params, ctx);
      throw new McpError(
        ErrorCode.MissingRequiredClientCapability,
        `Missing required client capability: extension ${TASKS_EXTENSION} (tool ${JSON.stringify(truncateEcho(tool.name))} runs only as a task)`,
        { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
      );
    }
    if (tool.taskCreation === "handler") return startedByHandler(tasks, params, ctx, next);
    // A caller without the tool's scopes is refused now (as a plain call is), not handed a task that fails.
    requireScopes(ctx, tool.scopes, `tool ${JSON.stringify(tool.name)}`, authorization());
    return startedAtOnce(tasks, params, ctx, next);
  };
}

/** The task exists before the handler runs; the answer is its `CreateTaskResult`. */
async function startedAtOnce(
  tasks: ExtensionTasks,
  params: Params,
  ctx: ServerContext,
  next: ServerRequestHandler,
): Promise<JsonObject> {
  const task = await tasks.create(ctx);
  const control: TaskControl = { id: task.taskId, start: () => Promise.resolve() };
  const taskCtx = asTask(tasks, ctx, () => task, control);
  const finished = tasks.finish(
    task,
    Promise.resolve().then(() => next(params, taskCtx)),
  );
  // The task outlives its request: a Worker must keep running it (workerd's waitUntil).
  ctx.transport.waitUntil?.(finished);
  return createTaskResult(task);
}

/**
 * The handler runs as a plain call (input rounds, an immediate result) until it calls
 * `ctx.task.start()`: then the task is stored, the request is answered with its
 * `CreateTaskResult`, and what the handler returns from then on is the task's outcome.
 */
function startedByHandler(
  tasks: ExtensionTasks,
  params: Params,
  ctx: ServerContext,
  next: ServerRequestHandler,
): Promise<JsonObject> {
  return new Promise<JsonObject>((answer, refuse) => {
    let task: TaskRecord | undefined;
    let starting: Promise<void> | undefined;
    // Boxed: a promise resolved with a promise would adopt its rejection, unhandled.
    let settleWork: (work: { readonly running: Promise<JsonObject> }) => void = () => {};
    const work = new Promise<{ readonly running: Promise<JsonObject> }>((resolve) => {
      settleWork = resolve;
    });
    const control: TaskControl = {
      get id() {
        return task?.taskId;
      },
      start: () => {
        starting ??= tasks.create(ctx).then((created) => {
          task = created;
          answer(createTaskResult(created));
          const finished = tasks.finish(
            created,
            work.then((w) => w.running),
          );
          ctx.transport.waitUntil?.(finished);
        });
        return starting;
      },
    };
    const handlerCtx = asTask(tasks, ctx, () => task, control);
    let running: Promise<JsonObject>;
    try {
      running = Promise.resolve(next(params, handlerCtx));
    } catch (error) {
      running = Promise.reject(error);
    }
    settleWork({ running });
    running.then(
      (result) => {
        if (!task) answer(result);
      },
      (error: unknown) => {
        if (!task) refuse(error);
      },
    );
  });
}

/**
 * The handler's context: `task` is the control; once the task exists, the signal is the task's,
 * `elicit()`/`sample()`/`listRoots()` go through its input requests, and progress, logging and
 * notifications are dropped (the extension carries none for tasks).
 */
function asTask(
  tasks: ExtensionTasks,
  ctx: ServerContext,
  current: () => TaskRecord | undefined,
  control: TaskControl,
): ServerContext {
  const ask =
    (method: string) =>
    (p: unknown): Promise<never> => {
      const task = current();
      if (!task) return Promise.reject(new Error("no task"));
      return tasks.ask(task, ctx, method, (p ?? {}) as Params) as Promise<never>;
    };
  const quiet = () => Promise.resolve();
  const taskOverrides: Partial<Record<PropertyKey, unknown>> = {
    elicit: elicitFunction(ask("elicitation/create"), undefined),
    sample: ask("sampling/createMessage"),
    listRoots: () => ask("roots/list")({}),
    progress: quiet,
    log: quiet,
    notify: quiet,
  };
  // A proxy, not a prototype: the context's getters read private fields of the real object.
  return new Proxy(ctx, {
    get: (target, key) => {
      if (key === "task") return control;
      const task = current();
      if (task) {
        if (key === "signal") return tasks.signalOf(task);
        if (key in taskOverrides) return taskOverrides[key];
      }
      return Reflect.get(target, key, target);
    },
  });
}
