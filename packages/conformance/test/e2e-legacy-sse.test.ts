import { type ServerResponse, createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { fixtures, runCli } from "./helpers/cli.js";

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

/** A raw 2024-11-05 HTTP+SSE server: GET /sse gives an endpoint event; POSTs are answered on the stream. */
async function startLegacyServer(options: { endpoint: boolean }) {
  const streams = new Map<string, ServerResponse>();
  let next = 0;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "GET" && url.pathname === "/sse") {
      const session = `s${++next}`;
      streams.set(session, res);
      res.writeHead(200, { "content-type": "text/event-stream" });
      if (options.endpoint) res.write(`event: endpoint\ndata: /messages?session=${session}\n\n`);
      else res.write(": no endpoint event here\n\n");
      return;
    }
    const stream = streams.get(url.searchParams.get("session") ?? "");
    if (req.method !== "POST" || !stream) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const { id, method, params } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    res.writeHead(202).end("Accepted");
    if (id === undefined) return;
    let reply: unknown;
    if (method === "initialize") {
      reply = {
        protocolVersion: params.protocolVersion,
        capabilities: { tools: {} },
        serverInfo: { name: "legacy", version: "1" },
      };
    } else if (method === "ping") reply = {};
    else if (method === "tools/list")
      reply = { tools: [{ name: "test_simple_text", inputSchema: { type: "object" } }] };
    const message =
      reply === undefined
        ? { jsonrpc: "2.0", id, error: { code: -32601, message: "nope" } }
        : { jsonrpc: "2.0", id, result: reply };
    stream.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return `http://127.0.0.1:${port}/sse`;
}

describe("server mode over legacy HTTP+SSE", () => {
  it("follows the endpoint event and reads answers from the stream, for session revisions only", async () => {
    const url = await startLegacyServer({ endpoint: true });
    const run = await runCli([
      "server",
      "--url",
      url,
      "--transport",
      "sse",
      "--transcripts",
      fixtures,
      "--id",
      "example/ping,example/tools-list",
    ]);
    expect(run.stdout).not.toContain("Failures:");
    // 4 session revisions each; example/tools-list at 2026-07-28 is not run over sse.
    expect(run.last).toBe("conformance: 8 passed, 0 failed");
  });

  it("fails with a reason when no endpoint event arrives", async () => {
    const url = await startLegacyServer({ endpoint: false });
    const run = await runCli([
      "server",
      "--url",
      url,
      "--transport",
      "sse",
      "--transcripts",
      fixtures,
      "--id",
      "example/ping",
      "--revision",
      "2024-11-05",
      "--step-timeout",
      "500",
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("   at: run: connect\n");
    expect(run.stdout).toContain(
      "   reason: the opening exchange for 2024-11-05 failed: could not connect to send initialize (then notifications/initialized); got: legacy SSE connect failed: no endpoint event within 500 ms;",
    );
    expect(run.last).toBe("conformance: 0 passed, 1 failed, 1 skipped");
  });
});
