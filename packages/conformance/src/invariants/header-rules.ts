import type { Json } from "../model/json.js";
import type { Revision } from "../model/revisions.js";
import type { Breach } from "./violation.js";

const VISIBLE_ASCII = /^[\x21-\x7E]+$/;

/**
 * Rules on the head of a Streamable HTTP response that carried a message (lower-case header
 * names): session ids of visible ASCII (session era); at 2026-07-28 no session ids at all, and SSE
 * responses that ask proxies not to buffer them.
 */
export function headerRules(headers: Record<string, string>, message: Json, revision: Revision): Breach[] {
  const out: Breach[] = [];
  const session = headers["mcp-session-id"];
  if (revision < "2026-07-28") {
    if (session !== undefined && !VISIBLE_ASCII.test(session))
      out.push({
        requirement: "http.session.id-charset",
        detail: `session id ${JSON.stringify(session)} is not visible ASCII`,
        message,
      });
    return out;
  }
  if (session !== undefined)
    out.push({
      requirement: "http2026.compat.ignore-session-id",
      detail: `a 2026-07-28 response carries Mcp-Session-Id ${JSON.stringify(session)}`,
      message,
    });
  const sse = (headers["content-type"] ?? "").includes("text/event-stream");
  if (sse && (headers["x-accel-buffering"] ?? "").toLowerCase() !== "no")
    out.push({
      requirement: "http2026.sse.no-buffering-header",
      detail: "an SSE response without X-Accel-Buffering: no",
      message,
    });
  return out;
}
