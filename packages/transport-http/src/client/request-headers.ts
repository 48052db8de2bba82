import { Header } from "../shared/headers.js";
import type { OutgoingHttpRequest, StreamableHttpClientOptions } from "./options.js";
import { mirroredHeaders } from "./stateless.js";

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
  readonly extra?: Readonly<Record<string, string>>;
}

/**
 * The headers of one request: `base` (Accept, Content-Type, Last-Event-ID), then the payload's
 * own `extra` (`SendOptions.headers`), then the era's own —
 * session era: `Mcp-Session-Id` and `MCP-Protocol-Version`; stateless era: the envelope's
 * `MCP-Protocol-Version` and the `Mcp-Method`/`Mcp-Name` mirrored from the body, never a
 * session — then the hook's, which win.
 */
export async function buildHeaders(base: Record<string, string>, inputs: HeaderInputs): Promise<Headers> {
  const headers = new Headers(base);
  for (const [name, value] of Object.entries(inputs.extra ?? {})) headers.set(name, value);
  const { stateless } = inputs;
  const sessionId = stateless === undefined ? inputs.request.sessionId : undefined;
  if (stateless !== undefined) {
    headers.set(Header.protocolVersion, stateless);
    for (const [name, value] of Object.entries(mirroredHeaders(inputs.request.message))) {
      headers.set(name, value);
    }
  } else {
    if (sessionId !== undefined) headers.set(Header.sessionId, sessionId);
    if (inputs.protocolVersion !== undefined) headers.set(Header.protocolVersion, inputs.protocolVersion);
  }
  const extra = await inputs.hook?.({ ...inputs.request, sessionId });
  if (extra) {
    new Headers(extra as Record<string, string>).forEach((value, name) => {
      headers.set(name, value);
    });
  }
  return headers;
}
