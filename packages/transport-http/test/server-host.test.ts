import { createServer } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLegacySseHandler, createStreamableHttpHandler } from "../src/index.js";
import { type LegacySseServer, type ServeOptions, toNodeListener } from "../src/node.js";
import { parseHost } from "../src/server/host.js";
import { initializeRequest, POST_HEADERS } from "./helpers.js";
import { forEachHttpPath, onPath, serveLegacyOnPath } from "./http-paths.js";
import { raw, refusalBody, respond, answeringServerPerTest } from "./raw.js";
import { call, headersFor } from "./stateless-helpers.js";

const INVALID_HOST = refusalBody("Bad Request: invalid Host header (expected host[:port])");
const INIT = JSON.stringify(initializeRequest(1));

/** Host values that are not `host[:port]`; `P` stands for the server's port. */
const BAD_HOSTS = [
  "evil.example@127.0.0.1:P",
  "user:pass@localhost:P",
  "127.0.0.1:P/evil",
  "localhost#x",
  "localhost?x",
  "localhost\\evil",
  "127.0.0.1:P\\evil",
  "local host",
  "%6cocalhost",
  "localhost%00",
  "localhost:P:P",
  "localhost:",
  "localhost:65536",
  "localhost:-1",
  ":P",
  "[::1",
  "[::1]x",
  "[fe80::1%25eth0]:P",
  "[v1.x]",
  "lócalhost",
];
const GOOD_HOSTS = ["localhost:P", "127.0.0.1:P", "[::1]:P", "localhost", "LOCALHOST:P", "127.0.0.1"];

/** The status line and body of a request sent byte for byte (node's client will not send an empty Host). */
function overSocket(url: string, head: string, body = ""): Promise<{ status: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = "";
    socket.setEncoding("utf8");
    socket.setTimeout(5000, () => socket.destroy(new Error("timed out")));
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [headers = "", rest = ""] = text.split("\r\n\r\n");
      resolve({ status: headers.split("\r\n")[0] ?? "", body: rest });
    });
    const length = Buffer.byteLength(body);
    socket.write(`${head}\r\nconnection: close\r\ncontent-length: ${length}\r\n\r\n${body}`);
  });
}

function withPort(host: string, url: string): string {
  return host.replaceAll("P", new URL(url).port);
}

describe("parseHost (RFC 9112 §3.2 / RFC 3986 host [':' port])", () => {
  it("normalises valid values as URL.host does", () => {
    expect(parseHost("LOCALHOST:3000")).toBe("localhost:3000");
    expect(parseHost("example.com:80")).toBe("example.com");
    expect(parseHost("[0:0:0:0:0:0:0:1]:8080")).toBe("[::1]:8080");
    expect(parseHost("mcp_server.internal:0")).toBe("mcp_server.internal:0");
    expect(parseHost("localhost:65535")).toBe("localhost:65535");
  });

  it("refuses userinfo, paths, queries, fragments, backslashes, spaces, percent-encoding and bad ports", () => {
    for (const value of BAD_HOSTS) expect(parseHost(value.replaceAll("P", "3000")), value).toBeUndefined();
    expect(parseHost("1.2.3.999")).toBeUndefined();
    expect(parseHost("[::1:]")).toBeUndefined();
  });
});

forEachHttpPath(() => {
  describe("Streamable HTTP: an invalid Host is 400 before any allow-list", () => {
    const start = answeringServerPerTest();
    const serve = async (options: Partial<ServeOptions> = {}) => (await start(options)).url;

    it("refuses each bad value on POST, GET and DELETE with 400 and a clear body", async () => {
      const url = await serve();
      for (const bad of BAD_HOSTS) {
        const host = withPort(bad, url);
        const answer = await raw(url, { headers: { ...POST_HEADERS, host }, body: INIT });
        expect([answer.status, answer.body], JSON.stringify(host)).toEqual([400, INVALID_HOST]);
      }
      const empty = await overSocket(
        url,
        "POST /mcp HTTP/1.1\r\nhost: \r\ncontent-type: application/json\r\naccept: application/json, text/event-stream",
        INIT,
      );
      expect([empty.status, empty.body]).toEqual(["HTTP/1.1 400 Bad Request", INVALID_HOST]);
      for (const method of ["GET", "DELETE"]) {
        const host = withPort("evil.example@127.0.0.1:P", url);
        const answer = await raw(url, { method, headers: { host, accept: "text/event-stream" } });
        expect([answer.status, answer.body], method).toEqual([400, INVALID_HOST]);
      }
    });

    it("still serves good values: loopback names with and without a port, and IPv6", async () => {
      const url = await serve();
      for (const good of GOOD_HOSTS) {
        const host = withPort(good, url);
        const answer = await raw(url, { headers: { ...POST_HEADERS, host }, body: INIT });
        expect(answer.status, host).toBe(200);
      }
    });

    it("refuses a bad Host even with allowedHosts 'any'", async () => {
      const url = await serve({ allowedHosts: "any" });
      const host = withPort("evil.example@127.0.0.1:P", url);
      const answer = await raw(url, { headers: { ...POST_HEADERS, host }, body: INIT });
      expect([answer.status, answer.body]).toEqual([400, INVALID_HOST]);
      expect((await raw(url, { headers: { ...POST_HEADERS, host: "any.example" }, body: INIT })).status).toBe(
        200,
      );
    });

    it("the stateless endpoint refuses a bad Host too", async () => {
      const url = await serve({ onStateless: (transport) => respond(transport) });
      const body = call(1, "tools/list");
      for (const bad of ["127.0.0.1:P/evil", "localhost#x", "evil.example@localhost"]) {
        const host = withPort(bad, url);
        const answer = await raw(url, { headers: { ...headersFor(body), host }, body: JSON.stringify(body) });
        expect([answer.status, answer.body], host).toEqual([400, INVALID_HOST]);
      }
      const good = await raw(url, {
        headers: { ...headersFor(body), host: withPort("localhost:P", url) },
        body: JSON.stringify(body),
      });
      expect(good.status).toBe(200);
    });

    it("a target such as //127.0.0.1:P/mcp cannot name the host that is checked (listener on every path)", async () => {
      const handler = createStreamableHttpHandler({ onSession: (transport) => respond(transport) });
      const httpServer = createServer(toNodeListener(onPath(handler)));
      await new Promise<void>((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
      try {
        const { port } = httpServer.address() as AddressInfo;
        const answer = await raw(`http://127.0.0.1:${port}//127.0.0.1:${port}/mcp`, {
          headers: { ...POST_HEADERS, host: "evil.example" },
          body: INIT,
        });
        expect([answer.status, answer.body]).toEqual([403, refusalBody("Forbidden: Host not allowed")]);
      } finally {
        await handler.close();
        httpServer.closeAllConnections();
        await new Promise((resolve) => httpServer.close(resolve));
      }
    });
  });

  describe("legacy SSE: an invalid Host is 400", () => {
    let legacy: LegacySseServer | undefined;
    afterEach(async () => {
      await legacy?.close();
      legacy = undefined;
    });

    it("refuses bad values on the GET and the POST, and serves good ones", async () => {
      legacy = await serveLegacyOnPath({ onSession: (transport) => respond(transport), keepAliveMs: 0 });
      const { url } = legacy;
      const messages = url.replace("/sse", "/messages?sessionId=x");
      for (const bad of BAD_HOSTS) {
        const host = withPort(bad, url);
        const get = await raw(url, { method: "GET", headers: { host, accept: "text/event-stream" } });
        expect([get.status, get.body], JSON.stringify(host)).toEqual([400, INVALID_HOST]);
        const post = await raw(messages, { headers: { ...POST_HEADERS, host }, body: "{}" });
        expect([post.status, post.body], JSON.stringify(host)).toEqual([400, INVALID_HOST]);
      }
      for (const good of GOOD_HOSTS) {
        const host = withPort(good, url);
        const post = await raw(messages, { headers: { ...POST_HEADERS, host }, body: "{}" });
        // Past the Host check: the session is unknown.
        expect(post.status, host).toBe(404);
      }
    });
  });
});

describe("web-standard handle(Request): the Host header is checked when the runtime keeps it", () => {
  it("Streamable HTTP and legacy SSE answer 400 to a bad Host header", async () => {
    const streamable = createStreamableHttpHandler({ onSession: (transport) => respond(transport) });
    const legacy = createLegacySseHandler({ onSession: (transport) => respond(transport) });
    const bad = { host: "evil.example@127.0.0.1" };
    const post = await streamable.handle(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: { ...POST_HEADERS, ...bad },
        body: INIT,
      }),
    );
    expect([post.status, await post.text()]).toEqual([400, INVALID_HOST]);
    const get = await legacy.handle(
      new Request("http://127.0.0.1/sse", { headers: { accept: "text/event-stream", ...bad } }),
    );
    expect([get.status, await get.text()]).toEqual([400, INVALID_HOST]);
    const good = await streamable.handle(
      new Request("http://127.0.0.1/mcp", {
        method: "POST",
        headers: { ...POST_HEADERS, host: "127.0.0.1" },
        body: INIT,
      }),
    );
    expect(good.status).toBe(200);
    await Promise.all([streamable.close(), legacy.close()]);
  });
});
