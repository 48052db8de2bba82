import { type Json, type JsonObject, isObject } from "../model/json.js";
import type { Revision } from "../model/revisions.js";
import type { Breach } from "./violation.js";

/** One HTTP request a client under test made to the MCP endpoint (lower-case header names). */
export interface ClientHttpRequest {
  method: string;
  headers: Record<string, string>;
  /** The parsed POST body (a message or a batch), when it was JSON. */
  body?: Json;
  /** The raw POST body, when it was not JSON. */
  text?: string;
  /** The request target (path and query). */
  url?: string;
}

/** What the client has been told in its session so far. */
export interface ClientHttpSession {
  /** The revision in force: negotiated by initialize, else the one the client asked for. */
  revision: Revision;
  /** The Mcp-Session-Id the server handed out, if any. */
  sessionId?: string;
  /** The initialize request was answered with a result (the session era's "after initialization"). */
  initialized: boolean;
  /** An earlier request of the session carried an Authorization header. */
  authorized?: boolean;
  /** 2026-07-28: per listed tool, the arguments its inputSchema mirrors into Mcp-Param-* headers. */
  toolHeaders?: ReadonlyMap<string, readonly ParamHeader[]>;
}

/** One `x-mcp-header` annotation: the argument's property path and the header's name part. */
export interface ParamHeader {
  path: readonly string[];
  name: string;
}

function has(value: string | undefined, type: string): boolean {
  return (value ?? "").split(",").some((part) => part.split(";")[0]?.trim().toLowerCase() === type);
}

/**
 * The Streamable HTTP rules a client is bound by, on each request it makes: a POST accepts both
 * `application/json` and `text/event-stream`; its body is one message (2025-06-18 onwards); once
 * given a session id, every request echoes it; after initialization every request names the
 * protocol version (2025-06-18 onwards), the negotiated one. At 2026-07-28 every POST carries
 * MCP-Protocol-Version matching its `_meta` and Mcp-Method, and never a response.
 */
export function clientHttpRules(request: ClientHttpRequest, session: ClientHttpSession): Breach[] {
  const out: Breach[] = [];
  const { headers, body } = request;
  const message: Json = body ?? `${request.method} request`;
  const modern = session.revision >= "2026-07-28";
  const post = request.method === "POST";
  const push = (requirement: string, detail: string) => out.push({ requirement, detail, message });
  if (post && !(has(headers.accept, "application/json") && has(headers.accept, "text/event-stream")))
    push(
      modern ? "http2026.post.accept" : "http.post.accept",
      `a POST with Accept ${JSON.stringify(headers.accept ?? "")}, not both application/json and text/event-stream`,
    );
  const single = modern ? "http2026.post.single" : "http.post.body-single";
  if (post && Array.isArray(body)) {
    if (session.revision >= "2025-06-18") push(single, "a POST body holding a batch array");
    else if (body.length === 0 || !body.every(isMessage))
      push("http.post.body-batch-allowed", "a POST body holding a batch that is not all JSON-RPC messages");
  } else if (post && !isMessage(body ?? null))
    push(
      session.revision >= "2025-06-18" ? single : "http.post.body-batch-allowed",
      body === undefined ? "a POST body that is not JSON" : "a POST body that is not a JSON-RPC message",
    );
  out.push(...authorizationRules(request, session, message));
  if (modern) {
    if (!post) return out;
    const version = headers["mcp-protocol-version"];
    if (version === undefined) push("http2026.version.header-present", "a POST without MCP-Protocol-Version");
    const items = Array.isArray(body) ? body : body === undefined ? [] : [body];
    for (const item of items) {
      if (!isObject(item)) continue;
      if (typeof item.method !== "string") {
        push("http2026.post.no-responses", "a POSTed JSON-RPC response");
        continue;
      }
      if (headers["mcp-method"] !== item.method)
        push(
          "http2026.headers.standard",
          `Mcp-Method ${JSON.stringify(headers["mcp-method"] ?? null)} on a POST of ${item.method}`,
        );
      const params = isObject(item.params) ? item.params : {};
      out.push(...nameHeader(item.method, params, headers["mcp-name"], message));
      if (item.method === "tools/call" && typeof params.name === "string")
        out.push(...paramHeaders(params, session.toolHeaders?.get(params.name) ?? [], headers, message));
      const meta = isObject(params._meta) ? params._meta : {};
      const claimed = meta["io.modelcontextprotocol/protocolVersion"];
      if (version !== undefined && typeof claimed === "string" && claimed !== version)
        push(
          "http2026.version.header-matches-meta",
          `MCP-Protocol-Version ${version} but _meta protocolVersion ${claimed}`,
        );
    }
    return out;
  }
  if (session.sessionId !== undefined && headers["mcp-session-id"] !== session.sessionId)
    push(
      "http.session.client-echo",
      headers["mcp-session-id"] === undefined
        ? `a ${request.method} without the Mcp-Session-Id the server handed out`
        : `a ${request.method} with Mcp-Session-Id ${JSON.stringify(headers["mcp-session-id"])}, not the one handed out`,
    );
  if (session.initialized && session.revision >= "2025-06-18") {
    const version = headers["mcp-protocol-version"];
    if (version === undefined)
      push(
        "http.version-header.client",
        `a ${request.method} after initialization without MCP-Protocol-Version`,
      );
    else if (version !== session.revision)
      push(
        "http.version-header.negotiated",
        `MCP-Protocol-Version ${version} after negotiating ${session.revision}`,
      );
  }
  return out;
}

/** A session the client held when it exited by itself, without ending it with DELETE (SHOULD). */
export function sessionLeftOpen(sessionId: string): Breach {
  return {
    requirement: "http.session.client-delete",
    detail: `the client exited without sending DELETE for its session ${JSON.stringify(sessionId)}`,
    message: `session ${sessionId}`,
  };
}

function isMessage(value: Json): boolean {
  return isObject(value) && value.jsonrpc === "2.0";
}

/** A bearer token in the Authorization header, never in the query; once sent, on every request. */
function authorizationRules(request: ClientHttpRequest, session: ClientHttpSession, message: Json): Breach[] {
  const out: Breach[] = [];
  const auth = request.headers.authorization;
  const query = new URLSearchParams((request.url ?? "").split("?")[1] ?? "");
  if (query.has("access_token"))
    out.push({
      requirement: "auth.client.no-query-token",
      detail: "an access_token in the request URI",
      message,
    });
  if (auth !== undefined && !/^Bearer [A-Za-z0-9\-._~+/]+=*$/.test(auth))
    out.push({
      requirement: "auth.client.bearer-header",
      detail: `an Authorization header that is not "Bearer <token>": ${JSON.stringify(auth.split(" ")[0])} ...`,
      message,
    });
  if (auth === undefined && session.authorized)
    out.push({
      requirement: "auth.client.bearer-every-request",
      detail: `a ${request.method} without Authorization after earlier requests of the session carried one`,
      message,
    });
  if (auth !== undefined) session.authorized = true;
  return out;
}

const NAMED = new Set(["tools/call", "resources/read", "prompts/get"]);
const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** A value that can travel as a plain header value (no sentinel look-alike, no edge whitespace). */
function plainSafe(value: string): boolean {
  const sentinel = value.startsWith("=?base64?") && value.endsWith("?=");
  return /^[\x20-\x7E\t]*$/.test(value) && value.trim() === value && !sentinel;
}

/** The header form of an argument: strings as they are, integers in decimal, booleans in lower case. */
function headerForm(value: Json): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

/**
 * 2026-07-28 tools/call: each argument the tool's schema marks with `x-mcp-header` is mirrored into
 * `Mcp-Param-<Name>` (omitted when the argument is absent or null), base64-encoded where the
 * value cannot travel plain.
 */
function paramHeaders(
  params: JsonObject,
  annotations: readonly ParamHeader[],
  headers: Record<string, string>,
  message: Json,
): Breach[] {
  const out: Breach[] = [];
  const args = isObject(params.arguments) ? params.arguments : {};
  for (const { path, name } of annotations) {
    let value: Json | undefined = args;
    for (const key of path) value = isObject(value) ? value[key] : undefined;
    const header = headers[`mcp-param-${name.toLowerCase()}`];
    const expected = value === undefined || value === null ? undefined : headerForm(value);
    if (expected === undefined) {
      if (header !== undefined && (value === undefined || value === null))
        out.push({
          requirement: "http2026.x-mcp-header.client-mirror",
          detail: `Mcp-Param-${name} sent for the absent or null argument ${path.join(".")}`,
          message,
        });
      continue;
    }
    if (header === undefined) {
      out.push({
        requirement: "http2026.x-mcp-header.client-mirror",
        detail: `no Mcp-Param-${name} header for argument ${path.join(".")}`,
        message,
      });
      continue;
    }
    const encoded = SENTINEL.exec(header);
    const sent = encoded ? Buffer.from(encoded[1] ?? "", "base64").toString("utf8") : header;
    if (sent !== expected)
      out.push({
        requirement: "http2026.x-mcp-header.client-mirror",
        detail: `Mcp-Param-${name} ${JSON.stringify(header)} for argument ${path.join(".")} = ${JSON.stringify(expected)}`,
        message,
      });
    else if (!encoded && !plainSafe(expected))
      out.push({
        requirement: "http2026.value-encoding.client",
        detail: `Mcp-Param-${name} ${JSON.stringify(header)} sent plain, not in the =?base64?...?= form`,
        message,
      });
  }
  return out;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The `x-mcp-header` annotations of a listed tool, found through `properties` only; undefined when
 * any is malformed (the client must drop such a tool, so its calls are not judged here).
 */
export function toolParamHeaders(inputSchema: Json): ParamHeader[] | undefined {
  const found: ParamHeader[] = [];
  let valid = true;
  const walk = (schema: Json, path: string[], depth: number) => {
    if (!isObject(schema) || !isObject(schema.properties) || depth > 16) return;
    for (const [key, property] of Object.entries(schema.properties)) {
      if (!isObject(property)) continue;
      const name = property["x-mcp-header"];
      if (name !== undefined) {
        if (typeof name !== "string" || !TOKEN.test(name)) valid = false;
        else found.push({ path: [...path, key], name });
      }
      walk(property, [...path, key], depth + 1);
    }
  };
  walk(inputSchema, [], 0);
  const names = new Set(found.map((h) => h.name.toLowerCase()));
  return valid && names.size === found.length ? found : undefined;
}

/** 2026-07-28: tools/call, resources/read and prompts/get name their target in Mcp-Name, encoded where needed. */
function nameHeader(method: string, params: JsonObject, header: string | undefined, message: Json): Breach[] {
  if (!NAMED.has(method)) return [];
  const source = method === "resources/read" ? params.uri : params.name;
  if (typeof source !== "string") return [];
  if (header === undefined)
    return [
      { requirement: "http2026.headers.standard", detail: `a POST of ${method} without Mcp-Name`, message },
    ];
  const encoded = SENTINEL.exec(header);
  const value = encoded ? Buffer.from(encoded[1] ?? "", "base64").toString("utf8") : header;
  if (value !== source)
    return [
      {
        requirement: "http2026.headers.standard",
        detail: `Mcp-Name ${JSON.stringify(header)} on a POST of ${method} naming ${JSON.stringify(source)}`,
        message,
      },
    ];
  if (!encoded && !plainSafe(source))
    return [
      {
        requirement: "http2026.headers.name-encoding",
        detail: `Mcp-Name ${JSON.stringify(header)} sent plain, not in the =?base64?...?= form`,
        message,
      },
    ];
  return [];
}
