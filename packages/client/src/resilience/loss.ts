import { LocalError, SessionExpiredError } from "@mcpkit/core";
import { type Settled, transportOf } from "../era/settle.js";
import type { ConnectionLossReason } from "./options.js";

/** What a transport may say about how it closed (the Streamable HTTP ones say `closeError`). */
interface Explaining {
  readonly closeError?: unknown;
  readonly sessionId?: unknown;
}

/** Why `settled`'s connection closed: its transport's `closeError` names an expired session, or not. */
export function lossReason(settled: Settled): ConnectionLossReason {
  const transport = transportOf(settled.connection) as Explaining | undefined;
  return transport?.closeError instanceof SessionExpiredError ? "session_expired" : "connection_lost";
}

/** The id of the session that expired on `settled` (empty when the transport does not say). */
export function expiredSessionId(settled: Settled): string {
  const transport = transportOf(settled.connection) as Explaining | undefined;
  if (transport?.closeError instanceof SessionExpiredError) return transport.closeError.sessionId;
  return typeof transport?.sessionId === "string" ? transport.sessionId : "";
}

/** Whether `error` is the engine's "the connection closed" (a pending request's fate at a close). */
export function isConnectionClosed(error: unknown): boolean {
  return error instanceof LocalError && error.code === "connection_closed";
}

/**
 * What a request that is not sent again fails with: a {@link SessionExpiredError} when the session
 * expired (its cause the engine's error), the engine's error otherwise.
 */
export function unrepeated(
  error: unknown,
  reason: ConnectionLossReason,
  settled: Settled,
  method: string,
): unknown {
  if (reason !== "session_expired" || error instanceof SessionExpiredError) return error;
  const id = expiredSessionId(settled);
  return new SessionExpiredError(
    id,
    `the MCP session ${id} expired before ${method} was answered; it was not sent again on the new ` +
      "session (not known to be safe to repeat: pass `retry: true` to allow it)",
    { cause: error },
  );
}

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (value: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve(value);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
