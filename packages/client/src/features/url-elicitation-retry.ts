import { ErrorCode, LocalError, McpError } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import type { Unsubscribe } from "../events.js";
import type { UrlElicitationHandler } from "../options.js";
import type { ElicitRequestURLParams } from "../types.js";

/** What the retry needs of the client. */
export interface UrlElicitationRetryHost {
  /** The application's URL elicitation handler, when it gave one. */
  readonly handler: UrlElicitationHandler | undefined;
  readonly revision: Revision | undefined;
  /** Listens for `notifications/elicitation/complete`. */
  onComplete(listener: (value: { readonly elicitationId: string }) => void): Unsubscribe;
  /** The longest wait for the server's completion notices, in ms. */
  readonly timeoutMs: number;
}

/** The URL elicitations a -32042 error lists (malformed entries are left out). */
function elicitationsOf(error: McpError): ElicitRequestURLParams[] {
  const list = (error.data as { elicitations?: unknown } | undefined)?.elicitations;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    const e = entry as Record<string, unknown> | null;
    if (typeof e?.url !== "string" || typeof e.elicitationId !== "string" || typeof e.message !== "string")
      return [];
    return [{ mode: "url" as const, message: e.message, url: e.url, elicitationId: e.elicitationId }];
  });
}

/**
 * Runs a call; when the server answers -32042 (`URLElicitationRequiredError`, 2025-11-25), shows
 * each URL through the URL elicitation handler, waits until the server reports every accepted one
 * complete (`notifications/elicitation/complete`), and runs the call once more. The error is
 * thrown as it is when there is no handler, the user does not accept, or there is nothing to show;
 * a `LocalError("timeout")` when the completions do not come in time.
 */
export async function withUrlElicitationRetry<T>(
  host: UrlElicitationRetryHost,
  call: () => Promise<T>,
  signal: AbortSignal | undefined,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof McpError) || error.code !== ErrorCode.UrlElicitationRequired) throw error;
    const handler = host.handler;
    const elicitations = elicitationsOf(error);
    if (!handler || elicitations.length === 0 || host.revision === undefined) throw error;
    // Listen before showing anything: the server may report completion before the handler returns.
    const pending = new Set(elicitations.map((e) => e.elicitationId));
    const done = new Set<string>();
    let wake: () => void = () => {};
    const stop = host.onComplete(({ elicitationId }) => {
      done.add(elicitationId);
      wake();
    });
    try {
      const ctx = { signal: signal ?? new AbortController().signal, revision: host.revision };
      for (const elicitation of elicitations) {
        const answer = await handler(elicitation, ctx);
        if (answer.action !== "accept") throw error;
      }
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          finish();
          reject(
            new LocalError("timeout", "the server did not report the URL elicitations complete in time"),
          );
        }, host.timeoutMs);
        const onAbort = () => {
          finish();
          reject(new LocalError("cancelled", "the call was cancelled while waiting for URL elicitations"));
        };
        const finish = () => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", onAbort);
        };
        wake = () => {
          if ([...pending].every((id) => done.has(id))) {
            finish();
            resolve();
          }
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        if (signal?.aborted) onAbort();
        else wake();
      });
    } finally {
      stop();
    }
    return call();
  }
}
