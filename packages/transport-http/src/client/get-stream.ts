import { LocalError } from "@mcpkit/core";
import { Header, MediaType } from "../shared/headers.js";
import type { AbortSwitch } from "./abort-switch.js";
import { HttpStatusError, type SessionExpiredError } from "./errors.js";
import type { Reopened } from "./event-stream.js";
import { type HeaderState, type HttpChannel, RETRYABLE, hasStatus } from "./http-channel.js";
import { type HttpReply, isSuccess } from "./http-sender.js";
import type { ExchangePurpose } from "./options.js";
import { isSse } from "./post-exchange.js";
import type { HeaderRecord } from "./request-headers.js";
import { RedirectRefusedError } from "./redirect.js";

/** What opening a GET needs of the transport. */
export interface GetHost extends HeaderState {
  readonly channel: HttpChannel;
  /** Whether the transport is closed. */
  readonly ended: boolean;
  /** The server does not know the session any more: the transport closes, marked as expired. */
  sessionGone(): SessionExpiredError;
}

/**
 * A GET for an SSE stream: the standalone one (`lastEventId` empty) or a resumption. What came
 * back: the stream, a refusal (405: no GET stream here), a failure worth retrying, or a fatal one.
 */
export async function openGet(host: GetHost, lastEventId: string, abort: AbortSwitch): Promise<Reopened> {
  const purpose: ExchangePurpose = lastEventId === "" ? "standalone" : "resume";
  if (host.ended)
    return { kind: "fatal", error: new LocalError("connection_closed", "the transport closed") };
  const { channel } = host;
  let response: HttpReply;
  try {
    const base: HeaderRecord = { accept: MediaType.sse };
    if (lastEventId !== "") base[Header.lastEventId] = lastEventId;
    const headers = await channel.headersFor(host, "GET", purpose, base);
    response = await channel.exchange({ method: "GET", url: channel.url, headers, abort });
  } catch (error) {
    channel.reportFailure("GET", purpose, error);
    if (error instanceof RedirectRefusedError || hasStatus(error))
      return { kind: "fatal", error: error as Error };
    channel.log(
      "debug",
      { err: error, purpose, lastEventId },
      "a GET for an SSE stream failed; trying again",
    );
    return { kind: "retry", reason: `the GET failed: ${(error as Error).message}` };
  }
  channel.report("GET", purpose, response);
  if (response.status === 404 && host.sessionId !== undefined) {
    response.cancel();
    return { kind: "fatal", error: host.sessionGone() };
  }
  if (isSuccess(response) && isSse(response)) {
    if (purpose === "resume") channel.log("info", { lastEventId }, "resumed a dropped SSE stream");
    return { kind: "stream", reply: response };
  }
  const text = await channel.errorText(response);
  const error = new HttpStatusError(response.status, response.statusText, text, response.headers());
  if (response.status === 405) {
    channel.log("debug", { purpose }, "the server offers no GET stream (405)");
    return { kind: "refused", error };
  }
  if (RETRYABLE.has(response.status)) {
    channel.log(
      "debug",
      { purpose, lastEventId, status: response.status },
      "a GET for an SSE stream failed; trying again",
    );
    return { kind: "retry", reason: error.message };
  }
  return { kind: "fatal", error };
}
