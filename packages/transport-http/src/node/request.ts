import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { InvalidHostError, parseHost } from "../server/host.js";

/**
 * A web `Request` for a node:http request. Its URL takes the `Host` header (so host checks see
 * what the client sent; a `Host` that is not `host[:port]` throws {@link InvalidHostError}); its
 * body streams from `req`, unless `body` gives it (a body a framework already read); its signal
 * aborts when the client goes away.
 *
 * @example
 * ```ts
 * import { createServer } from "node:http";
 * declare const handler: StreamableHttpHandler;
 * createServer(async (req, res) => writeWebResponse(await handler.handle(toWebRequest(req, res)), res));
 * ```
 */
export function toWebRequest(req: IncomingMessage, res: ServerResponse, body?: string | Uint8Array): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    // A body given here is not the bytes these framing headers described.
    if (body !== undefined && (name === "content-length" || name === "transfer-encoding")) continue;
    headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const url = requestUrl(req.url ?? "/", req.headers.host);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method ?? "GET",
    headers,
    signal: controller.signal,
  };
  if (hasBody && body !== undefined) {
    init.body = body;
  } else if (hasBody) {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * Writes a web `Response` to a node:http response: status and headers at once (so a client sees
 * an SSE stream open before its first event), then the body as it comes, with backpressure. When
 * the client goes away the body is cancelled.
 *
 * @example
 * ```ts
 * import type { ServerResponse } from "node:http";
 * declare const res: ServerResponse;
 * await writeWebResponse(new Response("hello", { status: 200 }), res);
 * ```
 */
export async function writeWebResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  const gone = () => void reader.cancel().catch(() => {});
  res.once("close", gone);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => res.once("drain", resolve).once("close", resolve));
      }
    }
    res.end();
  } catch {
    res.destroy();
  } finally {
    res.off("close", gone);
  }
}

/**
 * The URL of a request: an origin-form target (`/mcp?x`) is appended to the `Host`, never
 * resolved against it, so a target such as `//other/x` stays a path; an absolute target is its
 * own URL.
 */
function requestUrl(target: string, hostHeader: string | undefined): URL {
  if (hostHeader !== undefined && parseHost(hostHeader) === undefined) throw new InvalidHostError();
  const base = `http://${hostHeader ?? "localhost"}`;
  return target.charCodeAt(0) === 47 /* / */ ? new URL(`${base}${target}`) : new URL(target, base);
}
