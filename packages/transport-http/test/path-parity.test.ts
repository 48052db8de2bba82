import { request as httpRequest } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_MAX_DISCARD_BYTES as DISCARD_BYTES } from "../src/server/body.js";
import type { HttpServerTransport } from "../src/index.js";
import type { ServeOptions, StreamableHttpServer } from "../src/node.js";
import { initializeRequest, openSse, POST_HEADERS, sleep } from "./helpers.js";
import { forEachHttpPath, HTTP_PATHS, serveOn, serveOnPath } from "./http-paths.js";
import { type RawOptions, type RawResponse, raw, refusalBody, respond } from "./raw.js";

const servers: StreamableHttpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** The same endpoint served on both paths: native first, then web. */
async function both(options: Partial<ServeOptions> = {}): Promise<string[]> {
  const urls: string[] = [];
  for (const path of HTTP_PATHS) {
    const server = await serveOn(path, { onSession: (transport) => respond(transport), ...options });
    servers.push(server);
    urls.push(server.url);
  }
  return urls;
}

/** Headers that frame a message on one connection (they differ by path by design), and the clock. */
const FRAMING = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

/** Status, the endpoint's own headers and the body: what must be identical on both paths. */
function seen(response: RawResponse): RawResponse {
  const headers = Object.entries(response.headers)
    .filter(([name]) => !FRAMING.has(name))
    // Every session has its own id.
    .map(([name, value]) => [name, name === "mcp-session-id" ? "(a session id)" : value]);
  return { status: response.status, headers: Object.fromEntries(headers), body: response.body };
}

/** Sends the same request to each URL (the Host header names each server unless given). */
async function sameOnBoth(urls: string[], options: RawOptions): Promise<RawResponse> {
  const answers: RawResponse[] = [];
  for (const url of urls) answers.push(seen(await raw(url, options)));
  expect(answers[1]).toEqual(answers[0]);
  return answers[0] as RawResponse;
}

const INIT = JSON.stringify(initializeRequest(1));
const JSON_ONLY = { "content-type": "application/json" };

describe("the native and web paths answer alike", () => {
  it("413 past maxBodyBytes, announced or chunked, with the same refusal", async () => {
    const urls = await both({ maxBodyBytes: 1024 });
    const expected = {
      status: 413,
      headers: JSON_ONLY,
      body: refusalBody("Payload Too Large: the limit is 1024 bytes"),
    };
    const big = "x".repeat(2000);
    expect(await sameOnBoth(urls, { headers: POST_HEADERS, body: big })).toEqual(expected);
    expect(await sameOnBoth(urls, { headers: POST_HEADERS, body: big, chunked: true })).toEqual(expected);
  });

  it("a refused upload still arriving gets its 413 and is read off the wire: the connection serves on (native)", async () => {
    const [native] = await both({ maxBodyBytes: 1024 });
    const answer = await raw(native as string, { headers: POST_HEADERS, body: "x".repeat(256 * 1024) });
    expect([answer.status, answer.headers.connection]).toEqual([413, "keep-alive"]);
  });

  it("an upload announced past the limit plus DISCARD_BYTES is not read: 413, then the connection closes (native)", async () => {
    const [native] = await both({ maxBodyBytes: 1024 });
    expect(await announce(native as string, 1024 + DISCARD_BYTES + 1)).toEqual({
      status: 413,
      connection: "close",
    });
  });

  it("maxDiscardBytes sets how far past the limit a refused upload is still read (native)", async () => {
    const [native] = await both({ maxBodyBytes: 1024, maxDiscardBytes: 4096 });
    expect(await announce(native as string, 1024 + 4096)).toEqual({ status: 413, connection: "keep-alive" });
    expect(await announce(native as string, 1024 + 4097)).toEqual({ status: 413, connection: "close" });
  });

  it("400 with the same parse error message for malformed JSON, and the same -32600 for non-JSON-RPC", async () => {
    const urls = await both();
    const parse = await sameOnBoth(urls, { headers: POST_HEADERS, body: "{not json" });
    expect(parse.status).toBe(400);
    expect(JSON.parse(parse.body)).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32700, message: expect.stringMatching(/^Parse error: /) },
    });
    expect(await sameOnBoth(urls, { headers: POST_HEADERS, body: '{"hello":1}' })).toEqual({
      status: 400,
      headers: JSON_ONLY,
      body: refusalBody("Invalid Request: not a JSON-RPC message"),
    });
    // A byte-order mark is dropped on both paths, as a web Request's text() drops it.
    expect((await sameOnBoth(urls, { headers: POST_HEADERS, body: `\uFEFF${INIT}` })).status).toBe(200);
  });

  it("Host and Origin refusals are identical, with URL.host semantics for the Host header", async () => {
    const urls = await both({ allowedHosts: ["mcp.example.com", "alt.example:8443"] });
    const forbidden = { status: 403, headers: JSON_ONLY, body: refusalBody("Forbidden: Host not allowed") };
    for (const host of ["evil.example", "alt.example:8444", "localhost"]) {
      expect(await sameOnBoth(urls, { headers: { ...POST_HEADERS, host }, body: INIT }), host).toEqual(
        forbidden,
      );
    }
    // Case, a default port and leading zeros normalise as URL.host has them.
    for (const host of ["MCP.Example.com:80", "mcp.example.com:1234", "alt.example:08443"]) {
      const answer = await sameOnBoth(urls, { headers: { ...POST_HEADERS, host }, body: INIT });
      expect(answer.status, host).toBe(200);
    }
    for (const host of ["a b", "evil.example@mcp.example.com", "mcp.example.com/x"]) {
      expect(await sameOnBoth(urls, { headers: { ...POST_HEADERS, host }, body: INIT }), host).toEqual({
        status: 400,
        headers: JSON_ONLY,
        body: refusalBody("Bad Request: invalid Host header (expected host[:port])"),
      });
    }
    const origin = await sameOnBoth(urls, {
      headers: { ...POST_HEADERS, host: "mcp.example.com", origin: "https://evil.example" },
      body: INIT,
    });
    expect(origin).toEqual({
      status: 403,
      headers: JSON_ONLY,
      body: refusalBody("Forbidden: Origin not allowed"),
    });
  });

  it("CORS headers are the same on preflights, answers and refusals", async () => {
    const app = "https://app.example.com";
    const urls = await both({
      allowedOrigins: [app],
      cors: { allowCredentials: true, exposeHeaders: ["X-Id"] },
    });
    const preflight = await sameOnBoth(urls, {
      method: "OPTIONS",
      headers: { origin: app, "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({
      allow: "GET, POST, DELETE, OPTIONS",
      "access-control-allow-origin": app,
      "access-control-allow-credentials": "true",
      "access-control-max-age": "600",
      vary: "Origin",
    });
    const refused = await sameOnBoth(urls, { headers: { ...POST_HEADERS, origin: app }, body: "{not json" });
    expect([refused.status, refused.headers["access-control-expose-headers"]]).toEqual([
      400,
      "Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate, DPoP-Nonce, Retry-After, X-Id",
    ]);
    const answer = await sameOnBoth(urls, { headers: { ...POST_HEADERS, origin: app }, body: INIT });
    expect(answer.headers).toMatchObject({
      "access-control-allow-origin": app,
      "content-type": "application/json",
      "mcp-session-id": "(a session id)",
    });
  });
});

/** Serves sessions that answer every request at once, except `hold`, which waits for the test. */
async function holdingServer(): Promise<{ url: string; sessions: HttpServerTransport[] }> {
  const sessions: HttpServerTransport[] = [];
  const server = await serveOnPath({
    onSession: async (transport) => {
      sessions.push(transport);
      await transport.start({
        onMessage: (value) => {
          const message = value as { id?: string | number; method?: string };
          if (message.id === undefined || message.method === "hold") return;
          const result = message.method === "initialize" ? { protocolVersion: "2025-11-25" } : {};
          void transport.send({ jsonrpc: "2.0", id: message.id, result });
        },
        onUnreadable: () => {},
        onClose: () => {},
      });
    },
  });
  servers.push(server);
  return { url: server.url, sessions };
}

forEachHttpPath(() => {
  describe("a client going away mid-stream", () => {
    it("drops only that connection: the answer waits for a resume, the session and others go on", async () => {
      const { url, sessions } = await holdingServer();
      const ids: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        const init = await raw(url, { headers: POST_HEADERS, body: INIT });
        ids.push(String(init.headers["mcp-session-id"]));
      }
      const headersOf = (sessionId: string) => ({
        ...POST_HEADERS,
        "mcp-session-id": sessionId,
        "mcp-protocol-version": "2025-11-25",
      });
      const stream = await openSse(url, {
        method: "POST",
        headers: headersOf(ids[0] as string),
        body: JSON.stringify({ jsonrpc: "2.0", id: "h", method: "hold" }),
      });
      // The stream is open (headers, then its priming event) while the answer is pending; it is the
      // session's first (the initialize was answered at once, as JSON).
      const priming = await stream.next();
      expect([stream.response.status, priming?.id, priming?.data]).toEqual([200, "p1-1", ""]);
      stream.abort();
      const [first, second] = sessions as [HttpServerTransport, HttpServerTransport];
      await sleep(50);
      // The answer goes to the event store: a resume from the priming event gets it.
      const late = { jsonrpc: "2.0" as const, id: "h", result: { late: true } };
      await first.send(late, { relatedRequestId: "h" });
      const resumed = await openSse(url, {
        headers: { accept: "text/event-stream", "mcp-session-id": ids[0] as string, "last-event-id": "p1-1" },
      });
      expect((await resumed.next())?.data).toBe(JSON.stringify(late));
      resumed.abort();
      const answered = JSON.stringify({ jsonrpc: "2.0", id: 9, result: {} });
      for (const sessionId of ids) {
        const answer = await raw(url, {
          headers: headersOf(sessionId),
          body: JSON.stringify({ jsonrpc: "2.0", id: 9, method: "tools/list" }),
        });
        expect([answer.status, answer.body], sessionId).toEqual([200, answered]);
      }
      expect([first.isClosed, second.isClosed]).toEqual([false, false]);
    });
  });
});

/** POSTs 1 KiB of a body announced as `declared` bytes; the status and Connection of the answer. */
function announce(
  url: string,
  declared: number,
): Promise<{ status: number; connection: string | undefined }> {
  const { port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: pathname,
        method: "POST",
        headers: { ...POST_HEADERS, "content-length": String(declared) },
      },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection });
        req.destroy();
      },
    );
    req.on("error", reject);
    req.write("x".repeat(1024));
  });
}
