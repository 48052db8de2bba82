import type { JsonObject, McpTelemetry, Params } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import type { Unsubscribe } from "../events.js";
import type { UrlElicitationHandler } from "../options.js";
import { tracedRequest } from "./tracing.js";
import { withUrlElicitationRetry } from "./url-elicitation-retry.js";

/** What {@link sendOutgoing} needs of the client. */
export interface OutgoingHost {
  /** OpenTelemetry spans (settled at `connect`), when in use. */
  readonly telemetry: McpTelemetry | undefined;
  /** The URL elicitation handler: with one, -32042 answers are handled. */
  readonly urlHandler: UrlElicitationHandler | undefined;
  readonly revision: Revision | undefined;
  onElicitationComplete(listener: (value: { readonly elicitationId: string }) => void): Unsubscribe;
  /** The longest wait for URL elicitations to complete, in ms. */
  readonly timeoutMs: number;
}

/**
 * One outgoing request, as the client sends every one: inside a CLIENT span with its trace context
 * in `_meta` (when OpenTelemetry is in use), and once more after the user completed the URL
 * elicitations a -32042 answer listed (when the client has a URL handler). Neither costs anything
 * when not in use.
 */
export function sendOutgoing(
  host: OutgoingHost,
  method: string,
  params: Params,
  signal: AbortSignal | undefined,
  send: (params: Params) => Promise<JsonObject>,
): Promise<JsonObject> {
  const { telemetry, urlHandler } = host;
  const run = () =>
    telemetry ? tracedRequest(telemetry, method, params, host.revision, send) : send(params);
  if (!urlHandler) return run();
  const retry = {
    handler: urlHandler,
    revision: host.revision,
    onComplete: host.onElicitationComplete,
    timeoutMs: host.timeoutMs,
  };
  return withUrlElicitationRetry(retry, run, signal);
}
