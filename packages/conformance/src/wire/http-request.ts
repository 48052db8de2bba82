import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { Readable } from "node:stream";

/**
 * `fetch`, except that a request carrying its own `Host` header goes through node:http: fetch
 * silently replaces Host, and DNS-rebinding transcripts need to send a foreign one.
 */
export function sendRequest(
  url: URL,
  init: RequestInit & { headers: Record<string, string> },
): Promise<Response> {
  if (!Object.keys(init.headers).some((name) => name.toLowerCase() === "host")) return fetch(url, init);
  return new Promise((resolve, reject) => {
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(
      url,
      { method: init.method ?? "GET", headers: init.headers, signal: init.signal ?? undefined },
      (res) => {
        const headers = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
        }
        const status = res.statusCode ?? 500;
        const empty = status === 204 || status === 304 || (init.method ?? "GET") === "HEAD";
        const body = empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
        if (empty) res.resume();
        resolve(new Response(body, { status, headers }));
      },
    );
    req.on("error", reject);
    if (typeof init.body === "string") req.write(init.body);
    req.end();
  });
}
