import type { IncomingMessage } from "node:http";
import type { Json, JsonObject } from "../../model/json.js";
import { flatten } from "./ws-server.js";

/** Bodies of scripted-server requests above this size are not kept (the request still counts). */
const MAX_BODY = 16 * 1024 * 1024;

/** One HTTP request a scripted server received, read whole. */
export interface ReceivedRequest {
  method: string;
  /** The path without the query. */
  path: string;
  /** Query parameters: a string, or an array of strings when repeated. */
  query: JsonObject;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The body text; undefined when there was none or it was too large. */
  text: string | undefined;
  /** The body was over the limit (16 MiB) and was dropped. */
  tooLarge: boolean;
  /** `application/x-www-form-urlencoded` bodies, parsed like `query`. */
  form?: JsonObject;
  /** Any other body: parsed JSON, else the text. */
  body?: Json;
}

/** Parameters of a query string or form body; a repeated name gives an array. */
export function paramsOf(search: URLSearchParams): JsonObject {
  const out: JsonObject = {};
  for (const [name, value] of search) {
    const seen = out[name];
    if (seen === undefined) out[name] = value;
    else out[name] = Array.isArray(seen) ? [...seen, value] : [seen as string, value];
  }
  return out;
}

/** Reads a request's head and body (bounded). */
export async function readRequest(req: IncomingMessage): Promise<ReceivedRequest> {
  const url = new URL(req.url ?? "/", "http://runner.invalid");
  const headers = flatten(req.headers);
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY) chunks.push(chunk as Buffer);
  }
  const text = size === 0 || size > MAX_BODY ? undefined : Buffer.concat(chunks).toString("utf8");
  const request: ReceivedRequest = {
    method: req.method ?? "",
    path: url.pathname,
    query: paramsOf(url.searchParams),
    headers,
    text,
    tooLarge: size > MAX_BODY,
  };
  if (text !== undefined) {
    if ((headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
      request.form = paramsOf(new URLSearchParams(text));
    } else {
      try {
        request.body = JSON.parse(text) as Json;
      } catch {
        request.body = text;
      }
    }
  }
  return request;
}

/** What patterns of `expect` with `request` see (docs/conformance-format.md §8.6), before `status`. */
export function requestRecord(server: "resource" | "authorization", request: ReceivedRequest): JsonObject {
  const record: JsonObject = {
    server,
    method: request.method,
    path: request.path,
    query: request.query,
    headers: request.headers,
  };
  if (request.form !== undefined) record.form = request.form;
  if (request.body !== undefined) record.body = request.body;
  return record;
}
