import {
  InvalidCursorError,
  type NewTask,
  newTaskRecord,
  TaskLimitError,
  type TaskPage,
  type TaskRecord,
  type TaskStatus,
  type TaskStore,
} from "@mcpkit/server";
import { command, keyPrefix, positive, type RedisCommands, RedisStoreError } from "./connection.js";
import { CREATE, DELETE, GET, LIST, UPDATE } from "./task-scripts.js";

/** A change of a task's status, as `TaskStore.update` takes it. */
type TaskChange = Parameters<TaskStore["update"]>[2];

/** Options of a {@link RedisTaskStore}. */
export interface RedisTaskStoreOptions {
  /** The connection (the application connects and closes it). */
  readonly redis: RedisCommands;
  /** Prefix of every key the store writes. Default `mcpkit:`. Give each fleet (or test) its own. */
  readonly prefix?: string;
  /** Most unexpired tasks one owner (session or auth subject) may hold. Default 100. */
  readonly maxTasksPerOwner?: number;
  /** Most unexpired tasks in the store. Default 10 000. */
  readonly maxTasks?: number;
  /** The clock (ms) of `createdAt` and of expiry. Default `Date.now`. */
  readonly now?: () => number;
  /** Makes task ids (must not contain a newline). Default `crypto.randomUUID` (unguessable). */
  readonly newId?: () => string;
}

/**
 * A {@link TaskStore} on Redis, so that a task started on one node of a fleet is fetched, updated,
 * listed and cancelled through any other. It behaves as `MemoryTaskStore` does (the same contract
 * suite runs against both): owner isolation, per-owner and total limits, oldest-first pages with
 * cursors it made, and expiry. Every call is one Lua script (one round trip, atomic). A task's
 * key expires with its TTL (tasks with an unlimited TTL count against the limits until deleted);
 * results and pending input are stored as opaque JSON text.
 *
 * Keys are computed inside the scripts, so the store needs one Redis (or a cluster whose keys of
 * one prefix share a slot: use a hash tag, e.g. `prefix: "{mcp}:"`).
 *
 * @example
 * ```ts
 * import { createClient } from "@redis/client";
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const server = new Server(info, { tasks: { store: new RedisTaskStore({ redis, prefix: "app:" }) } });
 * ```
 */
export class RedisTaskStore implements TaskStore {
  private readonly redis: RedisCommands;
  private readonly prefix: string;
  private readonly maxPerOwner: number;
  private readonly maxTasks: number;
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(options: RedisTaskStoreOptions) {
    this.redis = options.redis;
    this.prefix = keyPrefix(options.prefix);
    this.maxPerOwner = positive(options.maxTasksPerOwner ?? 100, "maxTasksPerOwner");
    this.maxTasks = positive(options.maxTasks ?? 10_000, "maxTasks");
    this.now = options.now ?? Date.now;
    this.newId = options.newId ?? (() => globalThis.crypto.randomUUID());
  }

  /** How many tasks the store holds (expired ones included until the next sweep). */
  async size(): Promise<number> {
    return Number(await command(this.redis, ["ZCARD", `${this.prefix}tasks`]));
  }

  async create(task: NewTask): Promise<TaskRecord> {
    const now = this.now();
    const record = newTaskRecord(task, task.taskId ?? this.newId(), now);
    const fields = ["taskId", record.taskId, "owner", record.owner, "status", "working"];
    fields.push("createdAt", String(now), "lastUpdatedAt", String(now));
    if (task.ttl !== null) fields.push("ttl", String(task.ttl));
    if (task.pollInterval !== undefined) fields.push("pollInterval", String(task.pollInterval));
    const deadline = task.ttl === null ? "+inf" : String(now + task.ttl);
    fields.push("deadline", deadline);
    const remaining = task.ttl === null ? "" : String(Math.max(1, task.ttl));
    const answer = await CREATE.run(
      this.redis,
      [],
      [
        this.prefix,
        String(now),
        record.taskId,
        record.owner,
        deadline,
        remaining,
        String(this.maxPerOwner),
        String(this.maxTasks),
        ...fields,
      ],
    );
    if (answer === "owner")
      throw new TaskLimitError(
        `Task limit reached: at most ${this.maxPerOwner} tasks per requestor; wait for some to expire or be cancelled`,
      );
    if (answer === "all")
      throw new TaskLimitError(`Task limit reached: the server holds at most ${this.maxTasks} tasks`);
    if (answer === "exists")
      throw new RedisStoreError(`A task with id ${JSON.stringify(record.taskId)} exists already`);
    if (answer !== "ok") throw new RedisStoreError("Unexpected reply to the task create script");
    return record;
  }

  /** One of an owner's tasks, or `undefined` when it has none by that id. */
  async get(owner: string, taskId: string): Promise<TaskRecord | undefined> {
    return toRecord(await GET.run(this.redis, [], [this.prefix, String(this.now()), owner, taskId]));
  }

  async update(owner: string, taskId: string, change: TaskChange): Promise<TaskRecord | undefined> {
    const optional = (value: unknown, text: () => string) =>
      value === undefined ? ["0", ""] : ["1", text()];
    const args = [this.prefix, String(this.now()), owner, taskId, change.status];
    args.push(...optional(change.statusMessage, () => change.statusMessage as string));
    args.push(...optional(change.outcome, () => JSON.stringify(change.outcome)));
    args.push(...optional(change.inputRequests, () => JSON.stringify(change.inputRequests)));
    return toRecord(await UPDATE.run(this.redis, [], args));
  }

  async list(owner: string, cursor: string | undefined, limit: number): Promise<TaskPage> {
    const args = [this.prefix, String(this.now()), owner, cursor === undefined ? "0" : "1", cursor ?? ""];
    const answer = await LIST.run(this.redis, [], [...args, String(Math.max(1, Math.floor(limit)))]);
    if (!Array.isArray(answer)) throw new RedisStoreError("Unexpected reply to the task list script");
    if (answer[0] === "invalid") throw new InvalidCursorError("Invalid cursor");
    const [, next, ...rows] = answer as [string, string, ...unknown[]];
    const tasks = rows.map((row) => toRecord(row)).filter((t): t is TaskRecord => t !== undefined);
    return next === "" ? { tasks } : { tasks, nextCursor: next };
  }

  /** Forgets one of an owner's tasks, if it is there. */
  async delete(owner: string, taskId: string): Promise<void> {
    await DELETE.run(this.redis, [], [this.prefix, String(this.now()), owner, taskId]);
  }
}

/** A task hash (a flat field/value array from HGETALL) as a record; `undefined` for none. */
function toRecord(reply: unknown): TaskRecord | undefined {
  if (reply === null || reply === undefined) return undefined;
  if (!Array.isArray(reply)) throw new RedisStoreError("Unexpected reply for a task");
  const f = new Map<string, string>();
  for (let i = 0; i + 1 < reply.length; i += 2) f.set(String(reply[i]), String(reply[i + 1]));
  const text = (name: string) => f.get(name) ?? "";
  const number = (name: string) => Number(f.get(name));
  const ttl = f.get("ttl");
  const record: { -readonly [K in keyof TaskRecord]: TaskRecord[K] } = {
    taskId: text("taskId"),
    owner: text("owner"),
    status: text("status") as TaskStatus,
    createdAt: number("createdAt"),
    lastUpdatedAt: number("lastUpdatedAt"),
    ttl: ttl === undefined ? null : Number(ttl),
  };
  if (f.has("pollInterval")) record.pollInterval = number("pollInterval");
  if (f.has("statusMessage")) record.statusMessage = text("statusMessage");
  if (f.has("outcome")) record.outcome = JSON.parse(text("outcome"));
  if (f.has("inputRequests")) record.inputRequests = JSON.parse(text("inputRequests"));
  return record;
}
