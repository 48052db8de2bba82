/**
 * Task options of a client (2025-11-25 `tasks` capability). Giving them declares `tasks`, so the
 * server sends `notifications/tasks/status` for the tasks the client asked for; `receive` also
 * lets the server ask for tasks of this client. Off by default.
 *
 * @example
 * ```ts
 * const options: ClientTaskOptions = { receive: true, maxTasks: 20, maxTtlMs: 600_000 };
 * ```
 */
export interface ClientTaskOptions {
  /**
   * Serve task-augmented `sampling/createMessage` and `elicitation/create` (for the handlers this
   * client has), and `tasks/list` and `tasks/cancel`. Default false.
   */
  readonly receive?: boolean;
  /** The most tasks held at once (expired ones do not count). Default 100. */
  readonly maxTasks?: number;
  /** The longest TTL granted, in ms; a longer (or absent) request gets this. Default 3 600 000. */
  readonly maxTtlMs?: number;
  /** The `pollInterval` suggested to the server, in ms. Default 1000. */
  readonly pollIntervalMs?: number;
  /** Tasks per `tasks/list` page. Default 50. */
  readonly pageSize?: number;
}
