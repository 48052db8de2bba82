import { Header } from "../shared/headers.js";
import type { HeaderValues, OutgoingHttpRequest, StreamableHttpClientOptions } from "./options.js";
import { mirroredHeaders } from "./stateless.js";

/** Request headers by lower-case name. */
export type HeaderRecord = Record<string, string>;

/** What the headers of one HTTP request depend on. */
export interface HeaderInputs {
  /** The request as the hook is told it; `sessionId` is the transport's (dropped when stateless). */
  readonly request: OutgoingHttpRequest;
  /** The stateless revision the message speaks, if it is a stateless-era POST. */
  readonly stateless: string | undefined;
  /** The negotiated session-era revision, once known. */
  readonly protocolVersion: string | undefined;
  readonly hook: StreamableHttpClientOptions["headers"];
  /** Headers the caller gave with this one payload (`SendOptions.headers`, e.g. `Mcp-Param-*`). */
  readonly extra?: Readonly<Record<string, string>> | undefined;
}

/**
 * The headers of one request: `base` (Accept, Content-Type, Last-Event-ID), then the payload's
 * own `extra` (`SendOptions.headers`), then the era's own —
 * session era: `Mcp-Session-Id` and `MCP-Protocol-Version`; stateless era: the envelope's
 * `MCP-Protocol-Version` and the `Mcp-Method`/`Mcp-Name` mirrored from the body, never a
 * session — then the hook's, which win. A plain record (names lower-cased), as cheap as can be:
 * it is built for every request. Synchronous unless there is a hook.
 */
export function buildHeaders(base: HeaderRecord, inputs: HeaderInputs): HeaderRecord | Promise<HeaderRecord> {
  const headers = base;
  if (inputs.extra) setHeaders(headers, inputs.extra);
  const { stateless } = inputs;
  const sessionId = stateless === undefined ? inputs.request.sessionId : undefined;
  if (stateless !== undefined) {
    headers[Header.protocolVersion] = stateless;
    Object.assign(headers, mirroredHeaders(inputs.request.message));
  } else {
    if (sessionId !== undefined) headers[Header.sessionId] = sessionId;
    if (inputs.protocolVersion !== undefined) headers[Header.protocolVersion] = inputs.protocolVersion;
  }
  const { hook } = inputs;
  if (!hook) return headers;
  return Promise.resolve(hook({ ...inputs.request, sessionId })).then((given) => {
    if (given) setHeaders(headers, given);
    return headers;
  });
}

/** Sets every header of `from` on `to`, names lower-cased and values trimmed as `Headers` does. */
export function setHeaders(to: HeaderRecord, from: HeaderValues): void {
  // Any Headers, also another realm's or another fetch library's: they all have forEach.
  if (typeof (from as { forEach?: unknown }).forEach === "function") {
    (from as Headers).forEach((value, name) => {
      to[name.toLowerCase()] = value;
    });
    return;
  }
  const record = from as Readonly<Record<string, string>>;
  for (const name of Object.keys(record)) to[name.toLowerCase()] = trimmed(String(record[name]));
}

const EDGE_SPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

function trimmed(value: string): string {
  const last = value.length - 1;
  if (last < 0) return value;
  const first = value.charCodeAt(0);
  const end = value.charCodeAt(last);
  return first > 32 && end > 32 ? value : value.replace(EDGE_SPACE, "");
}
