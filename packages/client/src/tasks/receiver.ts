import {
  type Capabilities,
  type Connection,
  ErrorCode,
  type JsonObject,
  McpError,
  type Params,
  type RequestContext,
} from "@mcpkit/core";
import type { ClientTaskOptions } from "./options.js";
import type { ClientTaskStatus } from "./tool-task.js";
import { isTerminal, RELATED_TASK } from "./wire.js";

/** The requests a client may run as tasks (2025-11-25), by method: the capability path of each. */
const RECEIVABLE: Readonly<Record<string, string>> = {
  "sampling/createMessage": "sampling",
  "elicitation/create": "elicitation",
};

/** One task this client runs for the server. */
interface Entry {
  readonly taskId: string;
  status: ClientTaskStatus;
  statusMessage?: string;
  readonly createdAt: number;
  lastUpdatedAt: number;
  readonly ttl: number;
  outcome?: { readonly result: JsonObject } | { readonly error: McpError };
  readonly controller: AbortController;
  readonly waiters: Set<() => void>;
}

/** At most this many `tasks/result` requests wait on one task at a time. */
export const MAX_WAITING_PER_TASK = 16;

const notFound = () => new McpError(ErrorCode.InvalidParams, "Failed to retrieve task: Task not found");

/**
 * The client as a task receiver (2025-11-25): a task-augmented `sampling/createMessage` or
 * `elicitation/create` is answered at once with a `CreateTaskResult`, its handler runs in the
 * background, and the server polls `tasks/get`, waits on `tasks/result`, lists and cancels.
 * Bounded: at most `maxTasks` at a time (expired ones do not count), each for at most `maxTtlMs`.
 */
export class TaskReceiver {
  private readonly tasks = new Map<string, Entry>();
  private readonly maxTasks: number;
  private readonly maxTtl: number;
  private readonly pollInterval: number;
  private readonly pageSize: number;
  private connection: Connection | undefined;

  constructor(
    private readonly options: ClientTaskOptions,
    /** The capability paths this client serves (`sampling`, `elicitation`): only those may run as tasks. */
    private readonly handles: (capability: string) => boolean,
  ) {
    this.maxTasks = options.maxTasks ?? 100;
    this.maxTtl = options.maxTtlMs ?? 3_600_000;
    this.pollInterval = options.pollIntervalMs ?? 1000;
    this.pageSize = options.pageSize ?? 50;
  }

  /** The `tasks` capability: bare for a requestor, with `list`, `cancel` and `requests` for a receiver. */
  capability(): Capabilities {
    if (!this.options.receive) return {};
    const requests: Record<string, unknown> = {};
    if (this.handles("sampling")) requests.sampling = { createMessage: {} };
    if (this.handles("elicitation")) requests.elicitation = { create: {} };
    return { list: {}, cancel: {}, requests };
  }

  /**
   * Whether a request should run as a task: it asks for one, at 2025-11-25 (the only revision
   * with client-hosted tasks), and this client receives its kind.
   */
  accepts(method: string, params: Params, revision: string): boolean {
    const capability = RECEIVABLE[method];
    return (
      this.options.receive === true &&
      revision === "2025-11-25" &&
      capability !== undefined &&
      this.handles(capability) &&
      typeof params.task === "object" &&
      params.task !== null
    );
  }

  /** Creates the task, runs `run` in the background with the task's signal, answers the `CreateTaskResult`. */
  start(params: Params, run: (signal: AbortSignal) => Promise<JsonObject>): JsonObject {
    this.sweep();
    if (this.tasks.size >= this.maxTasks)
      throw new McpError(
        ErrorCode.InvalidRequest,
        `Task limit reached: this client holds at most ${this.maxTasks} tasks; wait for some to expire or be cancelled`,
      );
    const requested = (params.task as { ttl?: unknown }).ttl;
    const ttl =
      typeof requested === "number" && requested >= 0 ? Math.min(requested, this.maxTtl) : this.maxTtl;
    const now = Date.now();
    const entry: Entry = {
      taskId: globalThis.crypto.randomUUID(),
      status: "working",
      createdAt: now,
      lastUpdatedAt: now,
      ttl,
      controller: new AbortController(),
      waiters: new Set(),
    };
    this.tasks.set(entry.taskId, entry);
    void this.runInBackground(entry, run);
    return { task: this.wire(entry) };
  }

  private async runInBackground(
    entry: Entry,
    run: (signal: AbortSignal) => Promise<JsonObject>,
  ): Promise<void> {
    // After the CreateTaskResult has gone out (it is sent once the request's handler settles).
    await new Promise((resolve) => setTimeout(resolve, 0));
    try {
      const result = await run(entry.controller.signal);
      this.settle(entry, "completed", { result });
    } catch (error) {
      const failure =
        error instanceof McpError
          ? error
          : new McpError(ErrorCode.InternalError, error instanceof Error ? error.message : String(error));
      this.settle(entry, "failed", { error: failure }, failure.message);
    }
  }

  private settle(entry: Entry, status: ClientTaskStatus, outcome: Entry["outcome"], message?: string): void {
    if (isTerminal(entry.status)) return; // cancelled stays cancelled
    entry.outcome = outcome;
    this.change(entry, status, message);
  }

  private change(entry: Entry, status: ClientTaskStatus, message?: string): void {
    entry.status = status;
    if (message === undefined) delete entry.statusMessage;
    else entry.statusMessage = message;
    entry.lastUpdatedAt = Date.now();
    this.connection?.notify("notifications/tasks/status", this.wire(entry) as Params).catch(() => {
      // Optional, and gated on the server's own `tasks` declaration: the server polls anyway.
    });
    if (isTerminal(status)) {
      for (const wake of [...entry.waiters]) wake();
      entry.waiters.clear();
    }
  }

  private wire(entry: Entry): JsonObject {
    return {
      taskId: entry.taskId,
      status: entry.status,
      ...(entry.statusMessage === undefined ? {} : { statusMessage: entry.statusMessage }),
      createdAt: new Date(entry.createdAt).toISOString(),
      lastUpdatedAt: new Date(entry.lastUpdatedAt).toISOString(),
      ttl: entry.ttl,
      pollInterval: this.pollInterval,
    };
  }

  /** Drops expired tasks (and stops their handlers). */
  private sweep(): void {
    const now = Date.now();
    for (const entry of this.tasks.values()) if (now >= entry.createdAt + entry.ttl) this.drop(entry);
  }

  private drop(entry: Entry): void {
    this.tasks.delete(entry.taskId);
    entry.controller.abort(new Error("The task expired"));
    for (const wake of [...entry.waiters]) wake();
    entry.waiters.clear();
  }

  private find(params: Params): Entry {
    const entry = typeof params.taskId === "string" ? this.tasks.get(params.taskId) : undefined;
    if (!entry) throw notFound();
    if (Date.now() >= entry.createdAt + entry.ttl) {
      this.drop(entry);
      throw notFound();
    }
    return entry;
  }

  /** Resolves when the task is terminal or gone; rejects when the request is cancelled. */
  private until(entry: Entry, ctx: RequestContext): Promise<void> {
    if (isTerminal(entry.status)) return Promise.resolve();
    if (entry.waiters.size >= MAX_WAITING_PER_TASK)
      return Promise.reject(
        new McpError(
          ErrorCode.InvalidRequest,
          `Too many tasks/result requests wait on task ${entry.taskId}: at most ${MAX_WAITING_PER_TASK}`,
        ),
      );
    return new Promise<void>((resolve, reject) => {
      const wake = () => {
        ctx.signal.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = () => {
        entry.waiters.delete(wake);
        reject(new McpError(ErrorCode.InternalError, "Request cancelled"));
      };
      entry.waiters.add(wake);
      ctx.signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** How many tasks this client holds (expired ones included until swept). */
  get size(): number {
    return this.tasks.size;
  }

  /** Registers `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel` on a connection. */
  register(connection: Connection): void {
    this.connection = connection;
    void connection.closed.then(() => {
      for (const entry of [...this.tasks.values()]) this.drop(entry);
    });
    connection.setRequestHandler("tasks/get", (params) => this.wire(this.find(params)));
    connection.setRequestHandler("tasks/result", async (params, ctx) => {
      const entry = this.find(params);
      await this.until(entry, ctx);
      if (this.tasks.get(entry.taskId) !== entry) throw notFound();
      const related = { [RELATED_TASK]: { taskId: entry.taskId } };
      const outcome = entry.outcome;
      if (!outcome)
        throw new McpError(ErrorCode.InvalidParams, `Task ${entry.taskId} was cancelled`, related);
      if ("error" in outcome) throw outcome.error;
      const meta = (outcome.result._meta ?? {}) as Record<string, unknown>;
      return { ...outcome.result, _meta: { ...meta, ...related } as JsonObject };
    });
    connection.setRequestHandler("tasks/list", (params) => {
      this.sweep();
      const all = [...this.tasks.values()];
      let start = 0;
      if (params.cursor !== undefined) {
        const at = all.findIndex((entry) => entry.taskId === params.cursor);
        if (at < 0) throw new McpError(ErrorCode.InvalidParams, "Invalid cursor");
        start = at + 1;
      }
      const page = all.slice(start, start + this.pageSize);
      const last = page.at(-1);
      return {
        tasks: page.map((entry) => this.wire(entry)),
        ...(start + this.pageSize < all.length && last ? { nextCursor: last.taskId } : {}),
      };
    });
    connection.setRequestHandler("tasks/cancel", (params) => {
      const entry = this.find(params);
      if (isTerminal(entry.status))
        throw new McpError(
          ErrorCode.InvalidParams,
          `Cannot cancel task: already in terminal status '${entry.status}'`,
        );
      this.change(entry, "cancelled", "The task was cancelled by request.");
      entry.controller.abort(new Error("The task was cancelled"));
      return this.wire(entry);
    });
  }
}
