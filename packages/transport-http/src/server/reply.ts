import type { BodySink } from "./body-sink.js";

/**
 * The answer to an {@link InboundRequest}, before it becomes a web `Response` or is written to a
 * node:http `ServerResponse`: a status, lower-case headers, and no body, a complete text, or a
 * live {@link BodySink} made by the request's `openBody`.
 */
export interface Reply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | BodySink;
}

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/** A reply with no body (202, 204). */
export function emptyReply(status: number): Reply {
  return { status, headers: NO_HEADERS };
}
