/** Stops one {@link Bus} subscription; resolves once no more messages of it will be delivered. */
export type Unsubscribe = () => Promise<void>;

/**
 * The cross-process message bus of a server fleet: publish/subscribe of short JSON texts on named
 * channels, so a message reaches the process that holds a session's stream or a waiting handler.
 * The default, {@link MemoryBus}, joins the servers of one process; `@mcpkit/redis` joins a fleet.
 *
 * Contract:
 * - `publish` hands `message` to every subscription of `channel` open at that moment, in every
 *   process joined to the bus, the publisher's own included; it resolves once handed over (not
 *   once delivered) and rejects when the bus cannot take it (e.g. the connection is lost).
 * - `subscribe` resolves once the subscription is active: every message published after that
 *   reaches `listener`. Nothing is stored: a message published while nobody listens is gone.
 * - Messages of one channel from one publisher reach a listener in the order they were
 *   published, each at most once. A listener is never called from within `publish`.
 * - Channel names are made by the SDK (see {@link BusChannel}); an implementation may prefix them
 *   (a namespace) but must not otherwise change them. Messages are opaque JSON text.
 *
 * @example
 * ```ts
 * const bus: Bus = new MemoryBus();
 * const stop = await bus.subscribe(BusChannel.changes, (message) => console.log(JSON.parse(message)));
 * await bus.publish(BusChannel.changes, JSON.stringify({ type: "list", kind: "tools" }));
 * await stop();
 * ```
 */
export interface Bus {
  /** Sends `message` to every listener of `channel`, on every process. */
  publish(channel: string, message: string): Promise<void>;
  /** Calls `listener` with each message published on `channel` until the returned function is called. */
  subscribe(channel: string, listener: (message: string) => void): Promise<Unsubscribe>;
}

/**
 * The channels the SDK uses. Their messages are JSON objects with a `type` (see docs/design.md,
 * "Fleet seams"); a bus treats them as opaque text.
 *
 * @example
 * ```ts
 * BusChannel.session("0f3c"); // "session:0f3c"
 * ```
 */
export const BusChannel = {
  /**
   * Server-wide changes every process applies to its own sessions: `{type:"list",kind}` (a list
   * changed) and `{type:"resource",uri}` (`Server.resourceUpdated`).
   */
  changes: "changes",
  /**
   * Messages for one session-era session: for its standalone stream, a client's answer to a
   * server request, a client's `notifications/cancelled`, a GET stream taken over, the session's end.
   */
  session: (sessionId: string): string => `session:${sessionId}`,
  /** Events of one task: cancel it where it runs; it changed (wake whoever waits for its result). */
  task: (taskId: string): string => `task:${taskId}`,
} as const;
