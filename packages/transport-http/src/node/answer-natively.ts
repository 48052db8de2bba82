import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@mcpkit/core";
import { type InboundHandler, answerInbound } from "../server/native-handler.js";
import { INVALID_HOST, InvalidHostError } from "../server/host.js";
import type { Reply } from "../server/reply.js";
import { refusal } from "../server/refusal.js";
import { NodeInbound } from "./node-inbound.js";
import { writeReply } from "./write-reply.js";

/** The 400 message for a request no web `Request` could be made of (a malformed Host or target). */
export const MALFORMED_REQUEST = "Bad Request: malformed request line or Host";

/**
 * Serves one node:http request on the native path: read as a {@link NodeInbound}, answered by
 * the handler's runtime-neutral entry, the reply written straight to `res`. `body` is one a
 * framework already read; `malformed` the message of the 400 for a request that cannot be read;
 * `auth` the identity the caller established (see `HandleOptions.auth`).
 */
export function answerNatively(
  handler: InboundHandler,
  req: IncomingMessage,
  res: ServerResponse,
  body?: string | Uint8Array,
  malformed = MALFORMED_REQUEST,
  auth?: AuthInfo,
): void {
  let inbound: NodeInbound;
  try {
    inbound = new NodeInbound(req, res, body, auth);
  } catch (error) {
    writeReply(unreadable(error, malformed), res);
    return;
  }
  void handler[answerInbound](inbound).then((reply) => writeReply(reply, res));
}

/** The 400 for a request that could not be read: `malformed`, or the Host refusal when the Host is at fault. */
export function unreadable(error: unknown, malformed: string): Reply {
  return refusal(400, error instanceof InvalidHostError ? INVALID_HOST : malformed);
}
