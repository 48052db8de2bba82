// HttpClientTransport: Streamable HTTP first, HTTP+SSE when the server answers the initialize POST
// the way servers that predate Streamable HTTP do.
import { Client } from "@mcpkit/client";
import { LocalError } from "@mcpkit/core";
import type { Server } from "@mcpkit/server";
import { afterEach, describe, expect, it } from "vitest";
import { type HttpExchange, HttpClientTransport, HttpStatusError } from "../src/index.node.js";
import { nodeHttpSender, serveLegacySse, serveStreamableHttp } from "../src/node.js";
import { Recorder } from "./helpers.js";
import { definition } from "./legacy-definition.js";

const clientInfo = { name: "fallback-test-client", version: "1.0.0" };
const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const closable of open.splice(0)) await closable.close().catch(() => {});
});

/** A server that speaks only HTTP+SSE and only revision 2024-11-05, like the servers of its day. */
async function legacyOnly(): Promise<{ url: string; server: Server }> {
  const server = definition({ revisions: ["2024-11-05"] });
  const http = await serveLegacySse({ onSession: (transport) => server.connect(transport).then(() => {}) });
  open.push(server, http);
  return { url: http.url, server };
}

function client(options: Partial<ConstructorParameters<typeof Client>[0]> = {}): Client {
  const made = new Client({ clientInfo, roots: [{ uri: "file:///r" }], ...options });
  open.unshift(made);
  return made;
}

function text(result: { content: readonly unknown[] }): string {
  return (result.content[0] as { text: string }).text;
}

const INITIALIZE = {
  jsonrpc: "2.0" as const,
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo },
};

describe("HttpClientTransport in auto mode", () => {
  it("falls back to HTTP+SSE for a legacy-only server, behind the client's discover probe", async () => {
    const { url } = await legacyOnly();
    const exchanges: HttpExchange[] = [];
    const transport = new HttpClientTransport(url, { onExchange: (e) => exchanges.push(e) });
    const c = client();
    await c.connect(transport);
    expect(transport.kind).toBe("legacy");
    expect(c.era).toBe("session");
    expect(c.revision).toBe("2024-11-05");
    expect(text(await c.callTool({ name: "add", arguments: { a: 1, b: 2 } }))).toBe("3");
    expect(text(await c.callTool({ name: "roots" }))).toBe("file:///r");
    // The probe and the initialize POSTed to the SSE URL (405 each), then the legacy GET and POSTs.
    expect(exchanges.slice(0, 4).map((e) => [e.method, e.url === url, e.status])).toEqual([
      ["POST", true, 405],
      ["POST", true, 405],
      ["GET", true, 200],
      ["POST", false, 202],
    ]);
  });

  it("falls back on the initialize of a session-mode client too", async () => {
    const { url } = await legacyOnly();
    const transport = new HttpClientTransport(url);
    const c = client({ mode: "session" });
    await c.connect(transport);
    expect(transport.kind).toBe("legacy");
    expect(transport.sessionId).toMatch(/^[0-9a-f]{32}$/);
    expect(text(await c.callTool({ name: "add", arguments: { a: 5, b: 5 } }))).toBe("10");
  });

  it("a sender given in the options serves the legacy transport after the fall-back, and is closed once at close", async () => {
    const { url } = await legacyOnly();
    const given = nodeHttpSender();
    let closes = 0;
    const sender = {
      send: given.send.bind(given),
      close: () => {
        closes++;
        given.close();
      },
    };
    const transport = new HttpClientTransport(url, { sender });
    const c = client({ mode: "session" });
    await c.connect(transport);
    expect(transport.kind).toBe("legacy");
    // The Streamable transport closed at the fall-back did not take the legacy stream's agent with it.
    expect(text(await c.callTool({ name: "add", arguments: { a: 2, b: 3 } }))).toBe("5");
    expect(closes).toBe(0);
    await c.close();
    expect(closes).toBe(1);
  });

  it("stays on Streamable HTTP when the server speaks it, though the session era refuses the probe with 400", async () => {
    const server = definition();
    const http = await serveStreamableHttp({
      onSession: (transport) => server.connect(transport).then(() => {}),
    });
    open.push(server, http);
    const exchanges: HttpExchange[] = [];
    const transport = new HttpClientTransport(http.url, { onExchange: (e) => exchanges.push(e) });
    const c = client();
    await c.connect(transport);
    expect(transport.kind).toBe("streamable");
    expect(c.revision).toBe("2025-11-25");
    expect(text(await c.callTool({ name: "add", arguments: { a: 2, b: 2 } }))).toBe("4");
    // The discover probe (no session) gets 400, which is not a reason to leave: only the initialize's would be.
    expect(exchanges.slice(0, 2).map((e) => [e.method, e.status])).toEqual([
      ["POST", 400],
      ["POST", 200],
    ]);
    expect(http.handler.sessionCount).toBe(1);
  });

  it("does not fall back on a refused message that is not initialize", async () => {
    const { url } = await legacyOnly();
    const transport = new HttpClientTransport(url);
    open.unshift(transport);
    const recorder = new Recorder();
    await transport.start(recorder);
    const error = await transport.send({ jsonrpc: "2.0", id: 9, method: "ping" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(405);
    expect(transport.kind).toBe("streamable");
    await transport.send(INITIALIZE);
    expect(transport.kind).toBe("legacy");
    await recorder.until(() => recorder.messages.length === 1, "the initialize result");
    expect(recorder.messages[0]).toMatchObject({ id: 0, result: { protocolVersion: "2024-11-05" } });
  });

  it("rejects the initialize with both failures when the legacy GET fails too, and stays open", async () => {
    const { url } = await legacyOnly();
    const nowhere = new URL("/nowhere", url).href;
    const transport = new HttpClientTransport(nowhere);
    open.unshift(transport);
    const recorder = new Recorder();
    await transport.start(recorder);
    const error = await transport.send(INITIALIZE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalError);
    expect((error as LocalError).code).toBe("transport_failed");
    expect((error as LocalError).message).toBe(
      "the server refused the initialize POST (HTTP 404) and did not open an HTTP+SSE stream either: " +
        "the server answered HTTP 404 Not Found: Not Found (-32600)",
    );
    expect(((error as LocalError).cause as HttpStatusError).status).toBe(404);
    expect(transport.kind).toBe("streamable");
    expect(recorder.closes).toEqual([]);
  });
});

describe("HttpClientTransport in fixed modes", () => {
  it("legacy: GETs the SSE URL first, never POSTing there", async () => {
    const { url } = await legacyOnly();
    const exchanges: HttpExchange[] = [];
    const transport = new HttpClientTransport(url, { mode: "legacy", onExchange: (e) => exchanges.push(e) });
    const c = client({ revision: "2024-11-05" });
    await c.connect(transport);
    expect(transport.kind).toBe("legacy");
    expect(exchanges[0]).toMatchObject({ method: "GET", url, status: 200 });
    expect(exchanges.filter((e) => e.method === "POST" && e.url === url)).toEqual([]);
    expect(text(await c.callTool({ name: "add", arguments: { a: 3, b: 4 } }))).toBe("7");
    await c.close();
    await transport.closed;
  });

  it("streamable: never falls back; the initialize POST's refusal is the error", async () => {
    const { url } = await legacyOnly();
    const exchanges: HttpExchange[] = [];
    const transport = new HttpClientTransport(url, {
      mode: "streamable",
      onExchange: (e) => exchanges.push(e),
    });
    open.unshift(transport);
    await transport.start(new Recorder());
    const error = await transport.send(INITIALIZE).catch((e: unknown) => e);
    expect((error as HttpStatusError).status).toBe(405);
    expect(exchanges.map((e) => e.method)).toEqual(["POST"]);
    expect(transport.kind).toBe("streamable");
  });

  it("close() closes the inner transport and reports onClose once", async () => {
    const { url } = await legacyOnly();
    const transport = new HttpClientTransport(url, { mode: "legacy" });
    const recorder = new Recorder();
    await transport.start(recorder);
    await Promise.all([transport.close(), transport.close()]);
    expect(recorder.closes).toEqual([undefined]);
    expect(transport.transport?.sessionId).toMatch(/^[0-9a-f]{32}$/);
    await expect(transport.send(INITIALIZE)).rejects.toMatchObject({ code: "connection_closed" });
  });
});
