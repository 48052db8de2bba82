import type { IncomingMessage } from "node:http";
import { BEARER_PROTOCOL_PREFIX, SUBPROTOCOL } from "./convention.js";
import { tokenFromProtocol } from "./bearer.js";

/** What the server knows of an upgrade request when it decides whether to accept it. */
export interface UpgradeRequest {
  /** Request headers, lower-cased names, without `authorization` and without the bearer subprotocol entry. */
  readonly headers: Readonly<Record<string, string>>;
  /** The bearer token, from `Authorization: Bearer` or the `mcp.bearer.` subprotocol entry. */
  readonly token: string | undefined;
  /** Path and query of the request URL. */
  readonly url: string;
  readonly remoteAddress: string | undefined;
}

/** A refusal before the upgrade: an HTTP status and a plain-text reason. */
export interface Refusal {
  readonly status: number;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export type OriginPolicy = readonly string[] | ((origin: string) => boolean);

/**
 * The checks of docs/websocket.md sections 1, 5 and 6, in that order: Origin, subprotocol,
 * credentials. Returns the request as the server's `authenticate` sees it, or a refusal.
 */
export function inspectUpgrade(request: IncomingMessage, origins: OriginPolicy): UpgradeRequest | Refusal {
  const origin = request.headers.origin;
  if (origin !== undefined && !originAllowed(origin, origins))
    return { status: 403, body: `the origin ${origin} is not allowed` };
  const offered = offeredProtocols(request);
  if (!offered.includes(SUBPROTOCOL))
    return { status: 400, body: `the WebSocket subprotocol "${SUBPROTOCOL}" is required` };
  const bearerEntries = offered.filter((entry) => entry.startsWith(BEARER_PROTOCOL_PREFIX));
  const authorization = request.headers.authorization;
  if (bearerEntries.length > 1) return { status: 400, body: "more than one bearer subprotocol entry" };
  if (bearerEntries.length === 1 && authorization !== undefined)
    return { status: 400, body: "credentials in both the Authorization header and the subprotocol list" };
  let token: string | undefined;
  if (bearerEntries[0] !== undefined) {
    token = tokenFromProtocol(bearerEntries[0]);
    if (token === undefined) return { status: 400, body: "the bearer subprotocol entry is not base64url" };
  } else if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) return unauthorized("the Authorization header is not a bearer token");
    token = match[1];
  }
  return {
    headers: contextHeaders(request),
    token,
    url: request.url ?? "/",
    remoteAddress: request.socket.remoteAddress,
  };
}

export function isRefusal(value: UpgradeRequest | Refusal): value is Refusal {
  return "status" in value;
}

export function unauthorized(body: string): Refusal {
  return { status: 401, body, headers: { "WWW-Authenticate": 'Bearer realm="mcp"' } };
}

function originAllowed(origin: string, policy: OriginPolicy): boolean {
  return typeof policy === "function" ? policy(origin) : policy.includes(origin);
}

function offeredProtocols(request: IncomingMessage): string[] {
  const header = request.headers["sec-websocket-protocol"] ?? "";
  return header
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/** Headers for the `MessageContext`: credentials stay out (they are in `authInfo`, once verified). */
function contextHeaders(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === "authorization") continue;
    headers[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const protocols = offeredProtocols(request).filter((entry) => !entry.startsWith(BEARER_PROTOCOL_PREFIX));
  headers["sec-websocket-protocol"] = protocols.join(", ");
  return headers;
}
