import type { ServerResponse } from "node:http";
import type { Reply } from "../server/reply.js";
import { NodeBodySink } from "./node-body-sink.js";

/** Statuses that never carry a body, so no `Content-Length` either. */
function bodiless(status: number): boolean {
  return status === 204 || status === 304 || status < 200;
}

/**
 * Writes a reply made for a node:http request: a complete body in one `writeHead` + `end` with its
 * `Content-Length`, a live body through the {@link NodeBodySink} the request made. Nothing is
 * written once the client has gone away.
 */
export function writeReply(reply: Reply, res: ServerResponse): void {
  const { status, headers, body } = reply;
  if (body instanceof NodeBodySink) {
    body.answer(status, headers);
    return;
  }
  if (res.destroyed) return;
  if (typeof body === "object") throw new TypeError("a reply to a node:http request carries a web body sink");
  const text = body ?? "";
  if (bodiless(status)) res.writeHead(status, headers).end();
  else {
    // Object.assign: a spread with an added key is slow on Node 20 (docs/performance.md).
    const length = String(Buffer.byteLength(text));
    res.writeHead(status, Object.assign({}, headers, { "content-length": length })).end(text);
  }
}
