import { afterEach, describe, expect, it } from "vitest";
import { fixtures, runCli, suiteDir } from "./helpers/cli.js";
import { startFakeHttpServer } from "./helpers/fake-http-server.js";

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

describe("server mode over Streamable HTTP against a raw node:http fake", () => {
  it("passes the examples on every revision, with session ids, version and method headers", async () => {
    const fake = await startFakeHttpServer();
    stop = fake.close;
    const run = await runCli([
      "server",
      "--url",
      fake.url,
      "--transcripts",
      fixtures,
      "--id",
      "example/tools-*",
    ]);
    expect(run.stderr).toBe("");
    expect(run.last).toBe("conformance: 9 passed, 0 failed");
    expect(run.code).toBe(0);
    const posts = fake.log.requests.filter((r) => r.method === "POST");
    const initialize = posts.find((r) => r.body.includes('"initialize"') && r.body.includes("2025-06-18"));
    expect(initialize?.headers["mcp-protocol-version"]).toBeUndefined();
    const afterInit = posts.find(
      (r) => r.body.includes('"tools/list"') && r.headers["mcp-protocol-version"] === "2025-06-18",
    );
    expect(afterInit?.headers["mcp-session-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(afterInit?.headers.accept).toBe("application/json, text/event-stream");
    const stateless = posts.find(
      (r) => r.body.includes('"tools/call"') && r.headers["mcp-protocol-version"] === "2026-07-28",
    );
    expect(stateless?.headers["mcp-method"]).toBe("tools/call");
    expect(stateless?.headers["mcp-name"]).toBe("no_such_tool");
    expect(stateless?.headers["mcp-session-id"]).toBeUndefined();
    expect(JSON.parse(stateless?.body ?? "{}").params._meta).toEqual({
      "io.modelcontextprotocol/protocolVersion": "2026-07-28",
      "io.modelcontextprotocol/clientCapabilities": {},
      "io.modelcontextprotocol/clientInfo": { name: "mcpkit-conformance", version: "1.0.0" },
    });
    // A DELETE ends each session-era run: the 4 opening-exchange probes (one per session revision),
    // 4 tools-list and 3 tools-call runs.
    expect(fake.log.requests.filter((r) => r.method === "DELETE").length).toBe(11);
  });

  it("checks HTTP status, headers and SSE events, and captures event ids", async () => {
    const fake = await startFakeHttpServer();
    stop = fake.close;
    const dir = suiteDir({
      "http.json": {
        id: "http/levels",
        title: "transport-level checks",
        side: "server",
        requirements: ["http.a"],
        revisions: ["2025-06-18"],
        transports: ["http"],
        steps: [
          { op: "http", request: { method: "GET" }, expect: { status: 405 } },
          {
            op: "http",
            note: "a foreign Host header really goes out (fetch would replace it)",
            request: {
              headers: { Host: "evil.example.com" },
              body: { jsonrpc: "2.0", id: 4, method: "ping" },
            },
            expect: { status: 403, body: "forbidden host" },
          },
          {
            op: "http",
            request: {
              method: "POST",
              body: { jsonrpc: "2.0", id: 5, method: "ping" },
              omitHeaders: ["mcp-session-id"],
            },
            expect: { status: 400, body: { error: { message: { $regex: "session" } } } },
          },
          {
            op: "send",
            message: { jsonrpc: "2.0", method: "notifications/roots/list_changed" },
            http: { expect: { status: 202, headers: { "content-type": { $absent: true } } } },
          },
          {
            op: "http",
            as: "list",
            request: { body: { jsonrpc: "2.0", id: 6, method: "tools/list" } },
            expect: {
              status: 200,
              headers: { "Content-Type": { $regex: "^text/event-stream" } },
              events: [
                { id: { $capture: "primeId" }, data: "", retry: 500 },
                { event: "message", data: { $json: { method: "notifications/message" } } },
              ],
            },
          },
          { op: "expect", message: { id: 6, result: { tools: { $length: 1 } } } },
          { op: "expect", message: { method: "notifications/message" } },
          {
            op: "send",
            message: {
              jsonrpc: "2.0",
              id: 7,
              method: "echo",
              params: { prime: "{{primeId}}", last: "{{lastEventId}}" },
            },
          },
          { op: "expect", message: { id: 7, error: { code: -32601 } } },
        ],
      },
    });
    const run = await runCli(["server", "--url", fake.url, "--transcripts", dir]);
    expect(run.stdout).not.toContain("Failures:");
    expect(run.last).toBe("conformance: 1 passed, 0 failed");
    const echo = fake.log.requests.find((r) => r.body.includes('"echo"'));
    expect(JSON.parse(echo?.body ?? "{}").params).toEqual({ prime: "ev-1", last: "ev-3" });
  });

  it("reports a wrong HTTP status with the response", async () => {
    const fake = await startFakeHttpServer();
    stop = fake.close;
    const dir = suiteDir({
      "get.json": {
        id: "http/get-stream",
        title: "GET opens a stream",
        side: "server",
        requirements: ["http.get"],
        revisions: ["2025-06-18"],
        steps: [{ op: "http", request: { method: "GET" }, expect: { status: 200 } }],
      },
    });
    const run = await runCli(["server", "--url", fake.url, "--transcripts", dir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("   reason: $.status: expected 200, got 405\n");
    expect(run.stdout).toContain('   received: {"status":405}\n');
  });

  it("fails, bounded, when a POST is never answered or the server is down", async () => {
    const fake = await startFakeHttpServer("hang");
    stop = fake.close;
    const hung = await runCli([
      "server",
      "--url",
      fake.url,
      "--transcripts",
      fixtures,
      "--id",
      "example/tools-list",
      "--revision",
      "2025-11-25",
      "--step-timeout",
      "800",
    ]);
    expect(hung.code).toBe(1);
    expect(hung.stdout).toContain(
      "   reason: no matching message within 800 ms; nothing unconsumed was received\n",
    );
    await fake.close();
    stop = undefined;
    const down = await runCli([
      "server",
      "--url",
      fake.url,
      "--transcripts",
      fixtures,
      "--id",
      "example/ping",
      "--revision",
      "2025-11-25",
    ]);
    expect(down.code).toBe(1);
    // ECONNREFUSED, or UND_ERR_SOCKET when a kept-alive connection to the closed fake is reused.
    expect(down.stdout).toMatch(
      / {3}reason: the opening exchange for 2025-11-25 failed: sent initialize \(then notifications\/initialized\); got: setup: the implementation went away before a matching message arrived: HTTP POST \/mcp failed: (ECONNREFUSED|UND_ERR_SOCKET);/,
    );
    expect(down.last).toBe("conformance: 0 passed, 1 failed, 1 skipped");
  });

  it("shows the status and body of a refused POST when no answer came", async () => {
    const fake = await startFakeHttpServer();
    stop = fake.close;
    const suite = suiteDir({
      "refused.json": {
        id: "x/refused",
        title: "a ping the server refuses at the HTTP level",
        side: "server",
        requirements: ["x.r"],
        revisions: ["2025-11-25"],
        steps: [
          {
            op: "send",
            message: { jsonrpc: "2.0", id: 1, method: "ping" },
            http: { headers: { Host: "evil.example.com" } },
          },
          { op: "expect", message: { jsonrpc: "2.0", id: 1, result: {} } },
        ],
      },
    });
    const run = await runCli(["server", "--url", fake.url, "--transcripts", suite, "--step-timeout", "1000"]);
    expect(run.stdout).toContain(
      "   reason: no matching message within 1000 ms; nothing unconsumed was received; POST /mcp was answered with HTTP 403, body: forbidden host\n",
    );
    expect(run.code).toBe(1);
  });
});
