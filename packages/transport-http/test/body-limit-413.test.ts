// A body over maxBodyBytes gets a 413 the client can read (issue 19, item 4), not a TCP reset
// that shows as EPIPE or "fetch failed": declared (Content-Length) or streamed (chunked), on both
// server paths, with both client senders; the client reports HttpStatusError 413 and the server
// serves on.
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterEach, expect, it } from "vitest";
import type { HttpCall, HttpReply, HttpSender, StreamableHttpClientOptions } from "../src/index.node.js";
import {
  HttpStatusError,
  LegacySseClientTransport,
  StreamableHttpClientTransport,
} from "../src/index.node.js";
import { NodeReply } from "../src/client/node-reply.js";
import { DEFAULT_MAX_DISCARD_BYTES as DISCARD_BYTES } from "../src/server/body.js";
import type { StreamableHttpServer } from "../src/node.js";
import { Recorder, withTimeout } from "./helpers.js";
import { forEachHttpPath, serveOn, serveOnPath } from "./http-paths.js";
import { refusalBody, respond } from "./raw.js";
import { startLegacy } from "./legacy-helpers.js";
import { SENDERS, clientTransport, describeEachSender } from "./senders.js";

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of opened.splice(0)) await item.close();
});

const TEN_MB = 10 * 1024 * 1024;
const LIMIT = 4 * 1024 * 1024;

/** An initialize whose params carry `bytes` of padding. */
function initialize(id: number, bytes = 0) {
  return {
    jsonrpc: "2.0" as const,
    id,
    method: "initialize",
    params: {
      protocolVersion: "2025-11-25",
      capabilities: {},
      clientInfo: { name: "big", version: "1" },
      padding: "x".repeat(bytes),
    },
  };
}

/** Sends bodies chunked (no Content-Length) over node:http, 64 KiB a write. */
class ChunkedNodeSender implements HttpSender {
  send(call: HttpCall): Promise<HttpReply> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(call.url, {
        method: call.method,
        headers: { ...call.headers, "transfer-encoding": "chunked" },
      });
      request.on("error", reject);
      request.on("response", (response) => resolve(new NodeReply(response, call.abort)));
      const body = call.body ?? "";
      for (let at = 0; at < body.length; at += 64 * 1024) request.write(body.slice(at, at + 64 * 1024));
      request.end();
    });
  }
  close(): void {}
}

/** Has fetch stream the body (chunked, no Content-Length). */
const chunkedFetch: typeof fetch = (input, init) => {
  const text = typeof init?.body === "string" ? init.body : "";
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 64 * 1024)
        controller.enqueue(bytes.subarray(at, at + 64 * 1024));
      controller.close();
    },
  });
  return fetch(input, { ...init, body, duplex: "half" } as RequestInit);
};

async function server(): Promise<StreamableHttpServer> {
  const http = await serveOnPath({ onSession: (transport) => respond(transport) });
  opened.push(http);
  return http;
}

function started(url: string, options: StreamableHttpClientOptions, make = clientTransport) {
  const transport = make(url, { standaloneStream: false, ...options });
  opened.unshift(transport);
  return transport.start(new Recorder()).then(() => transport);
}

async function expect413(send: Promise<void>): Promise<void> {
  const error = await send.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(HttpStatusError);
  const refused = error as HttpStatusError;
  expect([refused.status, refused.body]).toEqual([
    413,
    refusalBody(`Payload Too Large: the limit is ${LIMIT} bytes`),
  ]);
}

forEachHttpPath(() => {
  describeEachSender("a body over maxBodyBytes", () => {
    it("declared (10 MB Content-Length): the client reads the 413; the transport and the server go on", async () => {
      const http = await server();
      const transport = await started(http.url, {});
      await expect413(transport.send(initialize(1, TEN_MB)));
      // The same transport (its connection, where kept) and another client are served on.
      await transport.send(initialize(2));
      expect(transport.sessionId).toBeDefined();
      const other = await started(http.url, {});
      await other.send(initialize(3));
      expect(other.sessionId).toBeDefined();
    });
  });

  for (const [name, options] of [
    ["node:http", { sender: new ChunkedNodeSender() }],
    ["fetch", { fetch: chunkedFetch }],
  ] as const) {
    it(`streamed (10 MB chunked, no Content-Length) [${name}]: the client reads the 413; the server goes on`, async () => {
      const http = await server();
      const make = (url: string, given: StreamableHttpClientOptions = {}) =>
        new StreamableHttpClientTransport(url, { ...given, ...options });
      const transport = await started(http.url, {}, make);
      await expect413(transport.send(initialize(1, TEN_MB)));
      await transport.send(initialize(2));
      expect(transport.sessionId).toBeDefined();
    });
  }
});

/**
 * A client that writes its whole request before it reads anything (as simple clients do): the
 * 413 reaches it only if the server takes the refused upload off the wire instead of resetting.
 */
function writeThenRead(url: string, chunked: boolean): Promise<string> {
  const { hostname, port, pathname } = new URL(url);
  const body = JSON.stringify(initialize(1, TEN_MB));
  const framing = chunked ? "transfer-encoding: chunked" : `content-length: ${Buffer.byteLength(body)}`;
  const head =
    `POST ${pathname} HTTP/1.1\r\nhost: ${hostname}:${port}\r\ncontent-type: application/json\r\n` +
    `accept: application/json, text/event-stream\r\n${framing}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    socket.pause();
    let answer = "";
    socket.on("error", (error) => reject(new Error(`the upload failed: ${error.message}`)));
    socket.setEncoding("utf8");
    const refusal = refusalBody(`Payload Too Large: the limit is ${LIMIT} bytes`);
    socket.on("data", (text: string) => {
      answer += text;
      if (answer.includes(refusal)) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on("end", () => resolve(answer));
    socket.write(head);
    const payload = chunked ? `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n` : body;
    // Only once all of it is handed to the kernel and acknowledged does the client read.
    socket.write(payload, () => socket.resume());
  });
}

forEachHttpPath(() => {
  for (const chunked of [false, true]) {
    it(`a client that reads only after writing its 10 MB ${chunked ? "chunked" : "declared"} body gets the 413`, async () => {
      const http = await server();
      const answer = await withTimeout(writeThenRead(http.url, chunked), 10_000, "the answer");
      expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
      expect(answer).toContain(refusalBody(`Payload Too Large: the limit is ${LIMIT} bytes`));
    });
  }
});

for (const sender of SENDERS) {
  it(`HTTP+SSE: a 10 MB POST gets a 413 the client reports; the session goes on [${sender.name}]`, async () => {
    const legacy = await startLegacy({ onSession: (transport) => respond(transport) });
    opened.push(legacy.http);
    const transport = new LegacySseClientTransport(legacy.url, { fetch: sender.options.fetch });
    opened.unshift(transport);
    await transport.start(new Recorder());
    await expect413(transport.send(initialize(1, TEN_MB)));
    await transport.send(initialize(2));
  });
}

it("an upload that runs more than DISCARD_BYTES past the limit has its connection dropped once its 413 is out (native)", async () => {
  const http = await serveOn("native", { onSession: (transport) => respond(transport), maxBodyBytes: 1024 });
  opened.push(http);
  const { hostname, port, pathname } = new URL(http.url);
  const socket = connect(Number(port), hostname);
  let answer = "";
  socket.setEncoding("utf8");
  socket.on("data", (text: string) => {
    answer += text;
  });
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(
    `POST ${pathname} HTTP/1.1\r\nhost: ${hostname}:${port}\r\ncontent-type: application/json\r\n` +
      "accept: application/json, text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n",
  );
  const chunk = `${(1024 * 1024).toString(16)}\r\n${"x".repeat(1024 * 1024)}\r\n`;
  let sent = 0;
  // Bounded: at most DISCARD_BYTES + 16 MiB is offered; the server must hang up before the end.
  const most = DISCARD_BYTES / (1024 * 1024) + 16;
  while (sent < most && !socket.destroyed) {
    sent += 1;
    if (!socket.write(chunk)) {
      await Promise.race([new Promise((resolve) => socket.once("drain", resolve)), closed]);
    }
  }
  await withTimeout(closed, 10_000, "the server to drop the connection");
  expect(sent).toBeLessThan(most);
  expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 413 Payload Too Large");
  // The server serves on.
  const other = await started(http.url, {});
  await other.send(initialize(2));
  expect(other.sessionId).toBeDefined();
});
