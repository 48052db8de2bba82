import type { IncomingMessage } from "node:http";
import type { AuthenticationRequest } from "@mcpkit/core";
import { BEARER_PROTOCOL_PREFIX, SUBPROTOCOL } from "./convention.js";
import { tokenFromProtocol } from "./bearer.js";

/**
 * What the server knows of an upgrade request when it decides whether to accept it: an
 * {@link AuthenticationRequest} (so `bearerAuth(...)` from `@mcpkit/auth` serves as the
 * server's `authenticate`), plus the token and the peer's address.
 */
export interface UpgradeRequest extends AuthenticationRequest {
  /** Always `GET`. */
  readonly method: "GET";
  /** The full URL as the client addressed it: `ws://` or `wss://`, host, path and query. */
  readonly url: string;
  /** Path and query of the request URL. */
  readonly path: string;
  /**
   * Request headers, lower-cased names, without the bearer subprotocol entry; a token sent in
   * that entry appears as `authorization: Bearer <token>`, as if sent in the header.
   */
  readonly headers: Readonly<Record<string, string>>;
  /** The bearer token, from `Authorization: Bearer` or the `mcp.bearer.` subprotocol entry. */
  readonly token: string | undefined;
  readonly remoteAddress: string | undefined;
}

/** A refusal before the upgrade: an HTTP status and a reason (plain text unless `contentType` says otherwise). */
export interface Refusal {
  readonly status: number;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Default `text/plain; charset=utf-8`. */
  readonly contentType?: string;
}

/** The origins a server accepts: a list of exact origins, or a function that decides. */
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
    const match = /^(?:Bearer|DPoP)\s+(\S+)\s*$/i.exec(authorization);
    if (!match) return unauthorized("the Authorization header is not a bearer token");
    token = match[1];
  }
  const headers = contextHeaders(request);
  const path = request.url ?? "/";
  const scheme = (request.socket as { encrypted?: boolean }).encrypted ? "wss" : "ws";
  return {
    method: "GET",
    url: path.startsWith("/") ? `${scheme}://${request.headers.host ?? "localhost"}${path}` : path,
    path,
    headers:
      token === undefined ? headers : { ...headers, authorization: authorization ?? `Bearer ${token}` },
    token,
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
export function withoutCredentials(headers: Readonly<Record<string, string>>): Record<string, string> {
  const { authorization: _authorization, dpop: _dpop, ...rest } = headers;
  return rest;
}

/** Request headers without `authorization` and without the bearer subprotocol entry. */
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
