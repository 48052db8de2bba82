import type { Settled } from "../era/settle.js";
import type { LoggingLevel } from "../types.js";

/** What a new session must be told again after a reconnection. */
export interface SessionState {
  /** Resources subscribed with `resources/subscribe` (session era). */
  readonly subscriptions: ReadonlySet<string>;
  readonly logLevel: LoggingLevel | undefined;
}

/**
 * Restores the session state on a new connection, straight on the connection (a request through
 * the client would wait for the reconnection this is part of). Each failure goes to `report`; the
 * others go on. Roots need nothing: the new session asks for them (`roots/list`) when it wants.
 */
export async function restoreSession(
  settled: Settled,
  state: SessionState,
  report: (error: Error) => void,
): Promise<void> {
  if (settled.era !== "session") return;
  const { connection } = settled;
  const sends: Promise<unknown>[] = [];
  if (state.logLevel !== undefined)
    sends.push(connection.request("logging/setLevel", { level: state.logLevel }));
  for (const uri of state.subscriptions) sends.push(connection.request("resources/subscribe", { uri }));
  for (const outcome of await Promise.allSettled(sends)) {
    if (outcome.status === "rejected") {
      report(outcome.reason instanceof Error ? outcome.reason : new Error(String(outcome.reason)));
    }
  }
}
