import type { Reply } from "./reply.js";
import { WebBodySink } from "./web-body-sink.js";

/** The web `Response` for a reply to a {@link WebInbound} (whose live bodies are web sinks). */
export function replyToResponse(reply: Reply): Response {
  const { body } = reply;
  const payload = body === undefined || typeof body === "string" ? (body ?? null) : webBody(body);
  return new Response(payload, { status: reply.status, headers: reply.headers });
}

function webBody(sink: object): ReadableStream<Uint8Array> {
  if (sink instanceof WebBodySink) return sink.body;
  throw new TypeError("a reply to a web Request carries a body sink made for another runtime");
}
