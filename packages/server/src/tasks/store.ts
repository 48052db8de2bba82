/**
 * Where tasks live. Everything about a task is plain data in a {@link TaskStore}, so a shared store
 * (Redis, ...) can hold the tasks of a fleet; only the running handler's AbortController stays in
 * the process that runs it.
 */

/** A task's status (2025-11-25). `completed`, `failed` and `cancelled` are terminal. */
export type TaskStatus = "working" | "input_required" | "completed" | "failed" | "cancelled";

/** Whether a status is terminal (no transition leaves it). */
export function isTerminal(status: TaskStatus): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

/** How the underlying request ended: the result it answered, or the JSON-RPC error it raised. */
export type TaskOutcome =
  | { readonly result: Readonly<Record<string, unknown>> }
  | { readonly error: { readonly code: number; readonly message: string; readonly data?: unknown } };

/** One task, as stored. Times are epoch milliseconds. */
export interface TaskRecord {
  readonly taskId: string;
  /** Who may see it: `subject:<auth subject>` or `session:<session id>`. */
  readonly owner: string;
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  readonly createdAt: number;
  readonly lastUpdatedAt: number;
  /** Lifetime from creation in ms; `null` is unlimited. */
  readonly ttl: number | null;
  readonly pollInterval?: number;
  /** Set once the task is terminal (absent for a cancelled task whose handler never answered). */
  readonly outcome?: TaskOutcome;
  /**
   * The requests the task waits on while `input_required` (2026-07-28 extension), by key. Kept only
   * as long as each change names them: a change without `inputRequests` clears them.
   */
  readonly inputRequests?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** A change of a task's status (with its outcome when terminal, its pending input when waiting). */
export interface TaskChange {
  readonly status: TaskStatus;
  readonly statusMessage?: string;
  readonly outcome?: TaskOutcome;
  readonly inputRequests?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** What creating a task needs. */
export interface NewTask {
  readonly owner: string;
  /**
   * The id to give the task, when the caller makes it (it must be unguessable: it may be the only
   * key to the task, as for anonymous callers of the 2026-07-28 extension, whose owner is derived
   * from it). Default: the store makes one. A store refuses an id it already holds (throws).
   */
  readonly taskId?: string;
  readonly ttl: number | null;
  readonly pollInterval?: number;
}

/** A page of one owner's tasks. */
export interface TaskPage {
  readonly tasks: readonly TaskRecord[];
  /** Opaque; absent on the last page. */
  readonly nextCursor?: string;
}

/**
 * Storage of tasks, all async so a remote store fits. Every read takes the owner: a task of another
 * owner is `undefined`, exactly like a task that does not exist. Expired tasks are never returned.
 *
 * @example
 * ```ts
 * const store = new MemoryTaskStore({ maxTasksPerOwner: 20 });
 * const task = await store.create({ owner: "session:abc", ttl: 60_000, pollInterval: 1000 });
 * await store.update(task.owner, task.taskId, { status: "completed", outcome: { result: { content: [] } } });
 * ```
 */
export interface TaskStore {
  /** Creates a `working` task. Throws {@link TaskLimitError} when a limit is reached. */
  create(task: NewTask): Promise<TaskRecord>;
  /** One of an owner's tasks, or `undefined` when it has none by that id. */
  get(owner: string, taskId: string): Promise<TaskRecord | undefined>;
  /**
   * Moves a task to `status` (with its outcome when terminal). Refuses (returns the task unchanged)
   * any move out of a terminal status; `undefined` when there is no such task.
   */
  update(owner: string, taskId: string, change: TaskChange): Promise<TaskRecord | undefined>;
  /** One owner's tasks, oldest first. Throws {@link InvalidCursorError} on a cursor it did not make. */
  list(owner: string, cursor: string | undefined, limit: number): Promise<TaskPage>;
  /** Forgets one of an owner's tasks, if it is there. */
  delete(owner: string, taskId: string): Promise<void>;
}

/** A store limit was reached: the task was not created. */
export class TaskLimitError extends Error {
  override readonly name = "TaskLimitError";
}

/**
 * The record a store keeps for a task it creates: `working`, created and updated `now`. For
 * {@link TaskStore} implementations.
 *
 * @example
 * ```ts
 * const record = newTaskRecord({ owner: "subject:ada", ttl: 60_000 }, crypto.randomUUID(), Date.now());
 * record.status; // "working"
 * ```
 */
export function newTaskRecord(task: NewTask, taskId: string, now: number): TaskRecord {
  return {
    taskId,
    owner: task.owner,
    status: "working",
    createdAt: now,
    lastUpdatedAt: now,
    ttl: task.ttl,
    ...(task.pollInterval === undefined ? {} : { pollInterval: task.pollInterval }),
  };
}

/** A `tasks/list` cursor the store did not make. */
export class InvalidCursorError extends Error {
  override readonly name = "InvalidCursorError";
}

/** Limits of a {@link MemoryTaskStore}. */
export interface MemoryTaskStoreOptions {
  /** Most unexpired tasks one owner (session or auth subject) may hold. Default 100. */
  readonly maxTasksPerOwner?: number;
  /** Most unexpired tasks in the store. Default 10 000. */
  readonly maxTasks?: number;
  /** The clock (ms). Default `Date.now`. */
  readonly now?: () => number;
  /** Makes task ids. Default `crypto.randomUUID` (unguessable). */
  readonly newId?: () => string;
}

/**
 * A bounded in-memory {@link TaskStore}. Expired tasks (and their results) are dropped whenever the
 * store is touched, so memory is bounded by the limits and the TTLs.
 *
 * @example
 * ```ts
 * const server = new Server(info, { tasks: { store: new MemoryTaskStore({ maxTasks: 1000 }) } });
 * ```
 */
export class MemoryTaskStore implements TaskStore {
  private readonly tasks = new Map<string, TaskRecord>();
  private readonly byOwner = new Map<string, Set<string>>();
  private readonly maxPerOwner: number;
  private readonly maxTasks: number;
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(options: MemoryTaskStoreOptions = {}) {
    this.maxPerOwner = options.maxTasksPerOwner ?? 100;
    this.maxTasks = options.maxTasks ?? 10_000;
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => globalThis.crypto.randomUUID());
  }

  /** How many tasks the store holds now (expired ones included until the next sweep). */
  get size(): number {
    return this.tasks.size;
  }

  async create(task: NewTask): Promise<TaskRecord> {
    this.sweep();
    const owned = this.byOwner.get(task.owner)?.size ?? 0;
    if (owned >= this.maxPerOwner)
      throw new TaskLimitError(
        `Task limit reached: at most ${this.maxPerOwner} tasks per requestor; wait for some to expire or be cancelled`,
      );
    if (this.tasks.size >= this.maxTasks)
      throw new TaskLimitError(`Task limit reached: the server holds at most ${this.maxTasks} tasks`);
    if (task.taskId !== undefined && this.tasks.has(task.taskId))
      throw new Error(`A task with id ${JSON.stringify(task.taskId)} exists already`);
    const record = newTaskRecord(task, task.taskId ?? this.newId(), this.now());
    this.tasks.set(record.taskId, record);
    const ids = this.byOwner.get(task.owner) ?? new Set<string>();
    ids.add(record.taskId);
    this.byOwner.set(task.owner, ids);
    return record;
  }

  async get(owner: string, taskId: string): Promise<TaskRecord | undefined> {
    return this.live(owner, taskId);
  }

  async update(owner: string, taskId: string, change: TaskChange): Promise<TaskRecord | undefined> {
    const task = this.live(owner, taskId);
    if (!task || isTerminal(task.status)) return task;
    const { statusMessage: _previous, inputRequests: _waited, ...rest } = task;
    const next: TaskRecord = {
      ...rest,
      status: change.status,
      lastUpdatedAt: this.now(),
      ...(change.statusMessage === undefined ? {} : { statusMessage: change.statusMessage }),
      ...(change.outcome === undefined ? {} : { outcome: change.outcome }),
      ...(change.inputRequests === undefined ? {} : { inputRequests: change.inputRequests }),
    };
    this.tasks.set(taskId, next);
    return next;
  }

  async list(owner: string, cursor: string | undefined, limit: number): Promise<TaskPage> {
    this.sweep();
    const ids = [...(this.byOwner.get(owner) ?? [])];
    let start = 0;
    if (cursor !== undefined) {
      // The cursor is the id of the last task of the previous page.
      const at = ids.indexOf(cursor);
      if (at < 0) throw new InvalidCursorError("Invalid cursor");
      start = at + 1;
    }
    const page = ids.slice(start, start + limit);
    const tasks = page.map((id) => this.tasks.get(id)).filter((t): t is TaskRecord => t !== undefined);
    const last = page.at(-1);
    return start + limit < ids.length && last !== undefined ? { tasks, nextCursor: last } : { tasks };
  }

  async delete(owner: string, taskId: string): Promise<void> {
    if (this.tasks.get(taskId)?.owner === owner) this.remove(taskId);
  }

  private live(owner: string, taskId: string): TaskRecord | undefined {
    const task = this.tasks.get(taskId);
    if (!task || task.owner !== owner) return undefined;
    if (this.expired(task, this.now())) {
      this.remove(taskId);
      return undefined;
    }
    return task;
  }

  private expired(task: TaskRecord, now: number): boolean {
    return task.ttl !== null && now >= task.createdAt + task.ttl;
  }

  /** Drops every expired task: O(tasks), run on create and list only. */
  private sweep(): void {
    const now = this.now();
    for (const [id, task] of this.tasks) if (this.expired(task, now)) this.remove(id);
  }

  private remove(taskId: string): void {
    const task = this.tasks.get(taskId);
    if (!task) return;
    this.tasks.delete(taskId);
    const ids = this.byOwner.get(task.owner);
    ids?.delete(taskId);
    if (ids?.size === 0) this.byOwner.delete(task.owner);
  }
}
