import {
  type Bus,
  BusChannel,
  ErrorCode,
  hasCapability,
  type JsonObject,
  McpError,
  missingClientCapability,
  type Params,
  type Unsubscribe,
} from "@mcpkit/core";
import type { ServerContext } from "../../context.js";
import { isTerminal, type TaskChange, TaskLimitError, type TaskRecord, type TaskStore } from "../store.js";
import { detailedTask } from "./wire.js";

/** Where the extension's tasks live and what it grants. */
export interface ExtensionTaskSettings {
  readonly store: TaskStore;
  /** The TTL every task gets, in ms. */
  readonly maxTtlMs: number;
  /** The `pollIntervalMs` suggested to clients. */
  readonly pollIntervalMs: number;
  /** Makes task ids (unguessable). */
  readonly newTaskId: () => string;
  /** The fleet's bus: `tasks/cancel` reaching another process stops the handler running here. */
  readonly bus?: Bus;
}

/** A request the running handler waits on, under its key in `inputRequests`. */
interface Waiting {
  readonly request: JsonObject;
  readonly resolve: (answer: JsonObject) => void;
  readonly reject: (error: Error) => void;
}

/** What this process keeps of a task whose handler it runs. */
interface Running {
  readonly controller: AbortController;
  /** Stops the handler once the task's TTL has passed (the store has dropped it by then). */
  readonly expiry: ReturnType<typeof setTimeout> | undefined;
  readonly waiting: Map<string, Waiting>;
  /** Input keys issued so far: keys are never reused over the task's lifetime. */
  asked: number;
  /** Stops listening for a cancellation from another process. */
  unsubscribe?: Unsubscribe;
}

const notFound = () => new McpError(ErrorCode.InvalidParams, "Failed to retrieve task: Task not found");

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Who may reach a task of the extension: the auth subject when the request was authenticated;
 * otherwise nobody but whoever holds the task id, for whom the unguessable id is the only key
 * (the 2026-07-28 era has no session to bind it to): each anonymous task is its own owner
 * (`anonymous:<task id>`), so anonymous callers share no quota and can reach no task of another.
 */
export function extensionOwner(ctx: Pick<ServerContext, "auth">, taskId: string): string {
  const subject = ctx.auth?.subject;
  return subject ? `subject:${subject}` : `anonymous:${taskId}`;
}

/** The client capability an input request needs. */
function capabilityFor(method: string, params: Params): string {
  if (method === "sampling/createMessage") return "sampling";
  if (method === "roots/list") return "roots";
  return params.mode === "url" ? "elicitation.url" : "elicitation";
}

/**
 * The tasks of the 2026-07-28 extension (SEP-2663): creating them, running their handlers in the
 * background, their input requests, `tasks/get`, `tasks/update`, `tasks/cancel` and status
 * listeners. Everything about a task is in the store; this process keeps only the handlers it
 * runs (abort controller, pending input) and its listeners.
 */
export class ExtensionTasks {
  private readonly running = new Map<string, Running>();
  /** The tail of each task's store writes, so that they land in order. */
  private readonly writes = new Map<string, Promise<unknown>>();
  private readonly listeners = new Map<string, Set<(task: JsonObject) => void>>();

  constructor(readonly settings: ExtensionTaskSettings) {}

  /** Stores a `working` task: it is in the store (a `tasks/get` finds it) before this resolves. */
  async create(ctx: ServerContext): Promise<TaskRecord> {
    let task: TaskRecord;
    try {
      const taskId = this.settings.newTaskId();
      task = await this.settings.store.create({
        taskId,
        owner: extensionOwner(ctx, taskId),
        ttl: this.settings.maxTtlMs,
        pollInterval: this.settings.pollIntervalMs,
      });
    } catch (error) {
      if (error instanceof TaskLimitError) throw new McpError(ErrorCode.InvalidRequest, error.message);
      throw error;
    }
    const expiry =
      task.ttl === null
        ? undefined
        : setTimeout(() => this.stop(task.taskId, new Error("The task expired")), task.ttl);
    // A timer must not keep a Node process alive on its own.
    (expiry as { unref?: () => void } | undefined)?.unref?.();
    const running: Running = { controller: new AbortController(), expiry, waiting: new Map(), asked: 0 };
    this.running.set(task.taskId, running);
    const bus = this.settings.bus;
    if (bus) {
      const { taskId } = task;
      running.unsubscribe = await bus
        .subscribe(BusChannel.task(taskId), (text) => this.heard(taskId, text))
        .catch(() => undefined);
      // Ended while subscribing: nothing listens for it any more.
      if (this.running.get(taskId) !== running) void running.unsubscribe?.().catch(() => {});
    }
    return task;
  }

  /** The abort signal of a task this process runs (aborted by `tasks/cancel`). */
  signalOf(task: TaskRecord): AbortSignal {
    return this.running.get(task.taskId)?.controller.signal ?? AbortSignal.abort();
  }

  /**
   * Records how the task's handler ended: `completed` with its result (a tool result with
   * `isError: true` included), or `failed` with the JSON-RPC error it raised. A task cancelled
   * meanwhile stays cancelled.
   */
  async finish(task: TaskRecord, work: Promise<JsonObject>): Promise<void> {
    let change: TaskChange;
    try {
      change = { status: "completed", outcome: { result: await work } };
    } catch (error) {
      const failure =
        error instanceof McpError
          ? {
              code: error.code,
              message: error.message,
              ...(error.data === undefined ? {} : { data: error.data }),
            }
          : { code: ErrorCode.InternalError, message: "Internal error" };
      change = { status: "failed", statusMessage: failure.message, outcome: { error: failure } };
    }
    this.stop(task.taskId, new Error("The task ended"));
    await this.write(task, change);
  }

  /** Asks the client for input through the task: `input_required` until `tasks/update` answers. */
  ask(task: TaskRecord, ctx: ServerContext, method: string, params: Params): Promise<JsonObject> {
    const state = this.running.get(task.taskId);
    if (!state) return Promise.reject(new McpError(ErrorCode.InternalError, "The task is no longer running"));
    const capability = capabilityFor(method, params);
    if (!hasCapability(ctx.client.capabilities, capability))
      return Promise.reject(missingClientCapability(capability));
    const key = `task-input-${++state.asked}`;
    return new Promise<JsonObject>((resolve, reject) => {
      state.waiting.set(key, { request: { method, params } as JsonObject, resolve, reject });
      this.write(task, { status: "input_required", inputRequests: pendingOf(state) }).catch(reject);
    });
  }

  /** `tasks/get`: the `DetailedTask`. */
  async get(params: Params, ctx: ServerContext): Promise<JsonObject> {
    return detailedTask(await this.find(params, ctx));
  }

  /**
   * `tasks/update`: answers the outstanding input requests it names (others are ignored), then
   * acknowledges. The store shows the answered keys gone before the ack is sent.
   */
  async update(params: Params, ctx: ServerContext): Promise<JsonObject> {
    const responses = params.inputResponses;
    if (!isObject(responses))
      throw new McpError(ErrorCode.InvalidParams, "Invalid params: inputResponses must be an object");
    const task = await this.find(params, ctx);
    const state = this.running.get(task.taskId);
    if (isTerminal(task.status)) return {};
    if (!state) return this.updateElsewhere(task, responses);
    const answered: [Waiting, JsonObject][] = [];
    for (const [key, value] of Object.entries(responses)) {
      const waiting = state.waiting.get(key);
      if (!waiting) continue;
      if (!isObject(value))
        throw new McpError(
          ErrorCode.InvalidParams,
          `Invalid params: inputResponses[${JSON.stringify(key)}] must be an object`,
        );
      answered.push([waiting, value as JsonObject]);
    }
    if (answered.length === 0) return {};
    for (const [key] of Object.entries(responses)) state.waiting.delete(key);
    const rest = pendingOf(state);
    await this.write(
      task,
      Object.keys(rest).length > 0
        ? { status: "input_required", inputRequests: rest }
        : { status: "working" },
    );
    for (const [waiting, answer] of answered) waiting.resolve(answer);
    return {};
  }

  /**
   * `tasks/update` for a task whose handler another process of the fleet runs: the store shows
   * the answered keys gone (as the running process would write it), then the answers go to that
   * process over the bus, which hands them to the handler.
   */
  private async updateElsewhere(task: TaskRecord, responses: Record<string, unknown>): Promise<JsonObject> {
    const bus = this.settings.bus;
    const pending = task.inputRequests ?? {};
    const answers: Record<string, JsonObject> = {};
    for (const [key, value] of Object.entries(responses)) {
      if (!(key in pending)) continue;
      if (!isObject(value))
        throw new McpError(
          ErrorCode.InvalidParams,
          `Invalid params: inputResponses[${JSON.stringify(key)}] must be an object`,
        );
      answers[key] = value as JsonObject;
    }
    if (!bus || Object.keys(answers).length === 0) return {};
    const rest = Object.fromEntries(Object.entries(pending).filter(([key]) => !(key in answers)));
    await this.write(
      task,
      Object.keys(rest).length > 0
        ? { status: "input_required", inputRequests: rest }
        : { status: "working" },
    );
    await bus.publish(
      BusChannel.task(task.taskId),
      JSON.stringify({ type: "update", inputResponses: answers }),
    );
    return {};
  }

  /** A message on the channel of a task this process runs: a cancellation or answers from elsewhere. */
  private heard(taskId: string, text: string): void {
    let message: { type?: unknown; inputResponses?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.type === "cancel") {
      this.stop(taskId, new Error("The task was cancelled"));
      return;
    }
    const state = this.running.get(taskId);
    if (message.type !== "update" || !state || !isObject(message.inputResponses)) return;
    // The process that took the tasks/update has written the store already.
    for (const [key, answer] of Object.entries(message.inputResponses)) {
      const waiting = state.waiting.get(key);
      if (!waiting || !isObject(answer)) continue;
      state.waiting.delete(key);
      waiting.resolve(answer as JsonObject);
    }
  }

  /** `tasks/cancel`: a non-terminal task becomes `cancelled` and its handler is aborted; an ack either way. */
  async cancel(params: Params, ctx: ServerContext): Promise<JsonObject> {
    const task = await this.find(params, ctx);
    if (isTerminal(task.status)) return {};
    await this.write(task, { status: "cancelled", statusMessage: "The task was cancelled by request." });
    this.stop(task.taskId, new Error("The task was cancelled"));
    // Its handler may run in another process of the fleet.
    this.settings.bus?.publish(BusChannel.task(task.taskId), '{"type":"cancel"}').catch(() => {});
    return {};
  }

  /** Calls `listener` with the `DetailedTask` on every change of these tasks, until the returned function runs. */
  listen(taskIds: readonly string[], listener: (task: JsonObject) => void): () => void {
    for (const id of taskIds) {
      const set = this.listeners.get(id) ?? new Set();
      set.add(listener);
      this.listeners.set(id, set);
    }
    return () => {
      for (const id of taskIds) {
        const set = this.listeners.get(id);
        set?.delete(listener);
        if (set?.size === 0) this.listeners.delete(id);
      }
    };
  }

  /** A task of the requestor, or undefined. */
  async lookup(ctx: ServerContext, taskId: string): Promise<TaskRecord | undefined> {
    return this.settings.store.get(extensionOwner(ctx, taskId), taskId);
  }

  /** Handlers this process runs now (for tests and monitoring). */
  get runningCount(): number {
    return this.running.size;
  }

  private async find(params: Params, ctx: ServerContext): Promise<TaskRecord> {
    const taskId = params.taskId;
    if (typeof taskId !== "string") throw notFound();
    const task = await this.lookup(ctx, taskId);
    if (!task) throw notFound();
    return task;
  }

  /**
   * Aborts a handler this process runs and fails what it waits on: on cancellation, when the
   * handler ended, and when the task expired (so a handler waiting for input nobody gives is not
   * kept past its task's TTL).
   */
  private stop(taskId: string, reason: Error): void {
    const state = this.running.get(taskId);
    if (!state) return;
    this.running.delete(taskId);
    void state.unsubscribe?.().catch(() => {});
    if (state.expiry !== undefined) clearTimeout(state.expiry);
    state.controller.abort(reason);
    for (const waiting of state.waiting.values()) waiting.reject(reason);
    state.waiting.clear();
  }

  /** One store write, after the task's earlier ones; listeners hear of it when it took effect. */
  private write(task: TaskRecord, change: TaskChange): Promise<TaskRecord | undefined> {
    const { taskId } = task;
    const previous = this.writes.get(taskId) ?? Promise.resolve();
    const written = previous.then(() => this.settings.store.update(task.owner, taskId, change));
    const tail = written.then(
      (after) => {
        if (after && after.status === change.status) this.changed(after);
      },
      () => undefined,
    );
    this.writes.set(taskId, tail);
    void tail.then(() => {
      if (this.writes.get(taskId) === tail) this.writes.delete(taskId);
    });
    return written;
  }

  private changed(task: TaskRecord): void {
    const listeners = this.listeners.get(task.taskId);
    if (!listeners) return;
    const detailed = detailedTask(task);
    for (const listener of listeners) listener(detailed);
  }
}

/** The requests still waiting, by key. */
function pendingOf(state: Running): Record<string, JsonObject> {
  const pending: Record<string, JsonObject> = {};
  for (const [key, waiting] of state.waiting) pending[key] = waiting.request;
  return pending;
}
