import type { HttpDefect } from "../inject/http-handler.js";
import { isNotification, isObject, isResponse, type JsonObject } from "../inject/json.js";
import type { Rewrites } from "../inject/rewriting-transport.js";

/** A response rewrite that replaces error code `from` by `to`. */
export function recode(from: number, to: number): (response: JsonObject) => JsonObject {
  return (response) =>
    isObject(response.error) && response.error.code === from
      ? { ...response, error: { ...response.error, code: to } }
      : response;
}

/** Applies `f` to each tool object of a tools/list result's `tools`. */
export function mapTools(tools: unknown, f: (tool: JsonObject) => JsonObject): unknown {
  return Array.isArray(tools) ? tools.map((tool: unknown) => (isObject(tool) ? f(tool) : tool)) : tools;
}

export function dropInputSchema(tool: JsonObject): JsonObject {
  const { inputSchema: _dropped, ...rest } = tool;
  return rest;
}

/** Holds progress notifications back until the next response has gone out, then sends them. */
export function heldProgress(): Rewrites {
  const held: unknown[] = [];
  return {
    outbound: (payload) => {
      if (isNotification(payload) && payload.method === "notifications/progress") {
        held.push(payload);
        return [];
      }
      if (isResponse(payload)) return [payload, ...held.splice(0)];
      return [payload];
    },
  };
}

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "mutant", version: "0.0.0" },
};

/** A request with the stateless `_meta` envelope filled in where the client left it out. */
export function withEnvelope(request: JsonObject): JsonObject {
  if (request.method === "initialize") return request;
  const params = isObject(request.params) ? request.params : {};
  const meta = isObject(params._meta) ? params._meta : {};
  if ("io.modelcontextprotocol/protocolVersion" in meta) return request;
  return { ...request, params: { ...params, _meta: { ...ENVELOPE, ...meta } } };
}

/**
 * Remembers the newest session id the server issued and adds it to requests that carry none
 * (except the initialize that opens a session), so a missing Mcp-Session-Id is never noticed.
 */
export function sessionInjector(): HttpDefect {
  let newest: string | null = null;
  return async (request, next) => {
    let inbound = request;
    if (newest !== null && request.method === "POST" && !request.headers.has("mcp-session-id")) {
      const body = await request.text();
      const opensSession = body.includes('"initialize"');
      const id = newest;
      const headers = new Headers(request.headers);
      if (!opensSession) headers.set("mcp-session-id", id);
      inbound = new Request(request.url, { method: "POST", headers, body });
    }
    const response = await next(inbound);
    newest = response.headers.get("mcp-session-id") ?? newest;
    return response;
  };
}
