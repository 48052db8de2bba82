import {
  type Bus,
  BusChannel,
  ErrorCode,
  type JsonObject,
  McpError,
  MemoryBus,
  type Params,
  type Unsubscribe,
} from "@mcpkit/core";
import type { ServerContext } from "../context.js";
import { elicitFunction } from "../elicit.js";
import type { ElicitParams } from "../types.js";
import type { ServerRequestHandler } from "../session.js";
import {
  InvalidCursorError,
  isTerminal,
  MemoryTaskStore,
  type TaskOutcome,
  type TaskRecord,
  TaskLimitError,
  type TaskStatus,
  type TaskStore,
} from "./store.js";

/** The `_meta` key that ties a message to its task. */
export const RELATED_TASK = "io.modelcontextprotocol/related-task";

/** Task options of a server (2025-11-25 task-augmented `tools/call`). */
export interface TaskOptions {
  /** Where tasks live. Default: a {@link MemoryTaskStore} with its default limits. */
  readonly store?: TaskStore;
  /** The longest TTL granted, in ms; a longer (or absent) request gets this. Default 3 600 000 (1 h). */
  readonly maxTtlMs?: number;
  /** The `pollInterval` suggested to clients, in ms. Default 1000. */
  readonly pollIntervalMs?: number;
  /** Tasks per `tasks/list` page. Default 50. */
  readonly pageSize?: number;
}

/** Who may see a task: the auth subject when the request was authenticated, else the session. */
export function taskOwner(ctx: ServerContext): string {
  const subject = ctx.auth?.subject;
  return subject ? `subject:${subject}` : `session:${ctx.session.id}`;
}

/** A task as the wire shows it (`Task` of 2025-11-25). */
export function wireTask(task: TaskRecord): JsonObject {
  return {
    taskId: task.taskId,
    status: task.status,
    ...(task.statusMessage === undefined ? {} : { statusMessage: task.statusMessage }),
    createdAt: new Date(task.createdAt).toISOString(),
    lastUpdatedAt: new Date(task.lastUpdatedAt).toISOString(),
    ttl: task.ttl,
    ...(task.pollInterval === undefined ? {} : { pollInterval: task.pollInterval }),
  };
}

const notFound = () => new McpError(ErrorCode.InvalidParams, "Failed to retrieve task: Task not found");

/**
 * Serves task-augmented `tools/call` and `tasks/*` (2025-11-25). Task state is in the store; this
 * process keeps only the AbortControllers of the handlers it runs and the `tasks/result` callers
 * waiting on them. A server makes one (`server.tasks`) unless `options.tasks` is false.
 *
 * @example
 * ```ts
 * const server = new Server(info, { tasks: { maxTtlMs: 600_000 } });
 * server.tasks?.store; // the TaskStore the tasks live in
 * ```
 */
export class ToolTasks {
  readonly store: TaskStore;
  /** The longest TTL granted, in ms. */
  readonly maxTtlMs: number;
  /** The poll interval suggested to clients, in ms. */
  readonly pollIntervalMs: number;
  private readonly pageSize: number;
  private readonly running = new Map<string, AbortController>();
  private readonly waiters = new Map<string, (() => void)[]>();
  /** Each task waited on here: its channel's subscription, so another process's change wakes us. */
  private readonly watching = new Map<string, Promise<Unsubscribe | undefined>>();
  private readonly bus: Bus;

  constructor(options: TaskOptions = {}, bus?: Bus) {
    this.bus = bus ?? new MemoryBus();
    this.store = options.store ?? new MemoryTaskStore();
    this.maxTtlMs = options.maxTtlMs ?? 3_600_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.pageSize = options.pageSize ?? 50;
  }

  /**
   * Creates the task, starts `run` in the background with a context whose signal `tasks/cancel`
   * aborts, and answers the `CreateTaskResult` at once.
   */
  async start(
    params: Params,
    ctx: ServerContext,
    run: (ctx: ServerContext) => JsonObject | Promise<JsonObject>,
  ): Promise<JsonObject> {
    const requested = (params.task as { ttl?: unknown }).ttl;
    const ttl =
      typeof requested === "number" && requested >= 0 ? Math.min(requested, this.maxTtlMs) : this.maxTtlMs;
    const owner = taskOwner(ctx);
    let task: TaskRecord;
    try {
      task = await this.store.create({ owner, ttl, pollInterval: this.pollIntervalMs });
    } catch (error) {
      if (error instanceof TaskLimitError) throw new McpError(ErrorCode.InvalidRequest, error.message);
      throw error;
    }
    const controller = new AbortController();
    this.running.set(task.taskId, controller);
    // tasks/cancel may reach another process of the fleet: it tells this one over the bus.
    const stop = await this.bus
      .subscribe(BusChannel.task(task.taskId), (text) => {
        if (text.includes('"cancel"')) this.abortHere(task.taskId, "The task was cancelled");
      })
      .catch(() => undefined);
    if (stop) this.channels.set(task.taskId, stop);
    if (owner.startsWith("session:")) {
      // Nobody can reach a session's task once the session is gone: stop it and free it.
      void ctx.session.closed.then(() => {
        // Closed only in this process: the session (and its task) goes on in the fleet.
        if (ctx.session.handedOff) return;
        this.abortHere(task.taskId, "The session closed");
        return this.store.delete(owner, task.taskId).then(() => this.wake(task.taskId));
      });
    }
    // The CreateTaskResult goes to the transport in this turn's microtasks; what the task sends
    // (progress, elicitation, sampling, its status) waits for a later macrotask, so that it never
    // reaches the client before the task id does. The handler itself starts now.
    const answered = new Promise<void>((resolve) => setTimeout(resolve, 0));
    const taskCtx = this.contextFor(ctx, task, controller.signal, answered);
    const work = this.runInBackground(task, taskCtx, run, answered);
    ctx.transport.waitUntil?.(work); // it outlives its request: a Worker must keep running it
    return { task: wireTask(task) };
  }

  private async runInBackground(
    task: TaskRecord,
    ctx: ServerContext,
    run: (ctx: ServerContext) => JsonObject | Promise<JsonObject>,
    answered: Promise<void>,
  ): Promise<void> {
    let outcome: TaskOutcome;
    try {
      outcome = { result: await run(ctx) };
    } catch (error) {
      outcome =
        error instanceof McpError
          ? {
              error: {
                code: error.code,
                message: error.message,
                ...(error.data === undefined ? {} : { data: error.data }),
              },
            }
          : { error: { code: ErrorCode.InternalError, message: "Internal error" } };
    }
    this.running.delete(task.taskId);
    this.release(task.taskId);
    await answered;
    const failed = "error" in outcome || outcome.result.isError === true;
    const statusMessage =
      "error" in outcome ? outcome.error.message : failed ? "The tool reported an error" : undefined;
    await this.setStatus(ctx, task, failed ? "failed" : "completed", statusMessage, outcome);
  }

  /** The handler's context: the task's signal; elicitation and sampling move the task to `input_required`. */
  private contextFor(
    ctx: ServerContext,
    task: TaskRecord,
    signal: AbortSignal,
    answered: Promise<void>,
  ): ServerContext {
    const related = { [RELATED_TASK]: { taskId: task.taskId } };
    const waitingFor =
      <P extends { _meta?: Record<string, unknown> }, R>(ask: (p: P) => Promise<R>) =>
      async (p: P): Promise<R> => {
        await answered;
        await this.setStatus(ctx, task, "input_required");
        try {
          return await ask({ ...p, _meta: { ...p._meta, ...related } });
        } finally {
          await this.setStatus(ctx, task, "working");
        }
      };
    const elicit = elicitFunction(
      waitingFor((p: ElicitParams) => ctx.elicit(p)),
      undefined,
    );
    const sample = waitingFor(ctx.sample);
    // The request was answered with the CreateTaskResult: what the handler sends from now on goes
    // through the session, not the finished request, and names the task.
    const { connection } = ctx.session;
    const notify = async (method: string, p: Params = {}) => {
      await answered;
      const meta = (p._meta ?? {}) as Record<string, unknown>;
      return connection.notify(method, { ...p, _meta: { ...meta, ...related } });
    };
    const token = ctx.meta.progressToken;
    let last = Number.NEGATIVE_INFINITY;
    const progress = async (value: number, total?: number, message?: string) => {
      // Same rules as a plain request's progress: only when asked for, and only increasing.
      if ((typeof token !== "string" && typeof token !== "number") || !(value > last)) return;
      last = value;
      await notify("notifications/progress", {
        progressToken: token,
        progress: value,
        ...(total === undefined ? {} : { total }),
        ...(message === undefined ? {} : { message }),
      });
    };
    const overrides: Partial<Record<PropertyKey, unknown>> = { signal, elicit, sample, notify, progress };
    // A proxy, not a prototype: the context's getters read private fields of the real object.
    return new Proxy(ctx, {
      get: (target, key) => (key in overrides ? overrides[key] : Reflect.get(target, key, target)),
    });
  }

  private async setStatus(
    ctx: ServerContext,
    task: TaskRecord,
    status: TaskStatus,
    statusMessage?: string,
    outcome?: TaskOutcome,
  ): Promise<void> {
    const before = await this.store.get(task.owner, task.taskId);
    if (!before || isTerminal(before.status) || before.status === status) return;
    const after = await this.store.update(task.owner, task.taskId, {
      status,
      ...(statusMessage === undefined ? {} : { statusMessage }),
      ...(outcome === undefined ? {} : { outcome }),
    });
    if (after) this.changed(ctx, after);
  }

  /** Tells the requestor (status notification) and wakes `tasks/result` callers on a terminal status. */
  private changed(ctx: ServerContext, task: TaskRecord): void {
    // Optional per spec; @mcpkit/core sends it only to a client that declared `tasks`.
    if (ctx.client.capabilities?.tasks !== undefined)
      ctx.session.connection.notify("notifications/tasks/status", wireTask(task) as Params).catch(() => {
        // The session may be gone: the task stays retrievable by its owner.
      });
    if (isTerminal(task.status)) {
      this.wake(task.taskId);
      this.announce(task.taskId, "changed");
    }
  }

  /** The running handlers' bus subscriptions (for cancellation from another process), by task id. */
  private readonly channels = new Map<string, Unsubscribe>();

  /** Stops the task's handler if this process runs it. */
  private abortHere(taskId: string, why: string): void {
    this.running.get(taskId)?.abort(new Error(why));
    this.running.delete(taskId);
    this.release(taskId);
  }

  private release(taskId: string): void {
    const stop = this.channels.get(taskId);
    this.channels.delete(taskId);
    stop?.().catch(() => {});
  }

  /** Tells every process that a task changed (a terminal status wakes `tasks/result` callers). */
  private announce(taskId: string, type: "changed" | "cancel"): void {
    this.bus.publish(BusChannel.task(taskId), JSON.stringify({ type })).catch(() => {});
  }

  /** Lets the `tasks/result` calls waiting on a task read it again. */
  private wake(taskId: string): void {
    const waiting = this.waiters.get(taskId);
    this.waiters.delete(taskId);
    for (const wake of waiting ?? []) wake();
    this.unwatch(taskId);
  }

  /** Listens for the task's changes made by other processes; resolves once listening. */
  private watch(taskId: string): Promise<unknown> {
    let watching = this.watching.get(taskId);
    if (!watching) {
      watching = this.bus
        .subscribe(BusChannel.task(taskId), (text) => {
          if (text.includes('"changed"')) this.wake(taskId);
        })
        .catch(() => undefined);
      this.watching.set(taskId, watching);
    }
    return watching;
  }

  /** Nobody here waits on the task any more. */
  private unwatch(taskId: string): void {
    if (this.waiters.has(taskId)) return;
    const watching = this.watching.get(taskId);
    this.watching.delete(taskId);
    void watching?.then((stop) => stop?.()).catch(() => {});
  }

  /** How many `tasks/result` calls wait in this process (for tests and monitoring). */
  get waiting(): number {
    let n = 0;
    for (const list of this.waiters.values()) n += list.length;
    return n;
  }

  private async find(params: Params, ctx: ServerContext): Promise<TaskRecord> {
    const taskId = params.taskId;
    if (typeof taskId !== "string") throw notFound();
    const task = await this.store.get(taskOwner(ctx), taskId);
    if (!task) throw notFound();
    return task;
  }

  /** Resolves once the task is terminal (or the request is cancelled). */
  private async untilTerminal(task: TaskRecord, ctx: ServerContext): Promise<TaskRecord> {
    let current: TaskRecord | undefined = task;
    while (current && !isTerminal(current.status)) {
      const { taskId } = current;
      const wait = this.wakeUp(taskId, ctx.signal);
      // Read again once registered (here and on the bus): a task that ended after the caller's
      // read woke nobody.
      await this.watch(taskId);
      const now = await this.store.get(task.owner, taskId);
      if (!now || isTerminal(now.status)) {
        wait.cancel();
        current = now;
        break;
      }
      await wait.woken;
      current = await this.store.get(task.owner, taskId);
    }
    if (!current) throw notFound();
    return current;
  }

  /** Registers a waiter on a task: `woken` resolves on its next terminal change, rejects on abort. */
  private wakeUp(taskId: string, signal: AbortSignal): { woken: Promise<void>; cancel: () => void } {
    let wake = () => {};
    const remove = () => {
      signal.removeEventListener("abort", onAbort);
      const rest = (this.waiters.get(taskId) ?? []).filter((w) => w !== wake);
      if (rest.length > 0) this.waiters.set(taskId, rest);
      else {
        this.waiters.delete(taskId);
        this.unwatch(taskId);
      }
    };
    let onAbort = () => {};
    const woken = new Promise<void>((resolve, reject) => {
      wake = () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      };
      // A caller that goes away stops waiting and leaves nothing behind.
      onAbort = () => {
        remove();
        reject(new McpError(ErrorCode.InternalError, "Request cancelled"));
      };
    });
    woken.catch(() => {}); // handled by whoever awaits it; an abort after cancel() is nobody's
    const list = this.waiters.get(taskId) ?? [];
    list.push(wake);
    this.waiters.set(taskId, list);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    return { woken, cancel: remove };
  }

  /** `tasks/get`, `tasks/result`, `tasks/list`, `tasks/cancel`. */
  handlers(): Record<string, ServerRequestHandler> {
    return {
      "tasks/get": async (params, ctx) => wireTask(await this.find(params, ctx)),
      "tasks/result": async (params, ctx) => {
        const task = await this.untilTerminal(await this.find(params, ctx), ctx);
        const outcome = task.outcome;
        const related = { [RELATED_TASK]: { taskId: task.taskId } };
        if (!outcome)
          throw new McpError(ErrorCode.InvalidParams, `Task ${task.taskId} was cancelled`, related);
        if ("error" in outcome)
          throw new McpError(outcome.error.code, outcome.error.message, outcome.error.data);
        const meta = (outcome.result._meta ?? {}) as Record<string, unknown>;
        return { ...outcome.result, _meta: { ...meta, ...related } } as JsonObject;
      },
      "tasks/list": async (params, ctx) => {
        const cursor = typeof params.cursor === "string" ? params.cursor : undefined;
        try {
          const page = await this.store.list(taskOwner(ctx), cursor, this.pageSize);
          return {
            tasks: page.tasks.map(wireTask),
            ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
          } as JsonObject;
        } catch (error) {
          if (error instanceof InvalidCursorError)
            throw new McpError(ErrorCode.InvalidParams, "Invalid cursor");
          throw error;
        }
      },
      "tasks/cancel": async (params, ctx) => {
        const task = await this.find(params, ctx);
        if (isTerminal(task.status))
          throw new McpError(
            ErrorCode.InvalidParams,
            `Cannot cancel task: already in terminal status '${task.status}'`,
          );
        const after = await this.store.update(task.owner, task.taskId, {
          status: "cancelled",
          statusMessage: "The task was cancelled by request.",
        });
        this.abortHere(task.taskId, "The task was cancelled");
        // The handler may run in another process of the fleet.
        this.announce(task.taskId, "cancel");
        if (!after) throw notFound();
        this.changed(ctx, after);
        return wireTask(after);
      },
    };
  }
}
