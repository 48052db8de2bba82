// The server/auth transcripts of the suite against a raw protected server: what passes, what is not
// applicable without the token options, and which requirement a defect breaks.
import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { runCli, suiteDir } from "./helpers/cli.js";
import {
  GOOD_TOKEN,
  NARROW_TOKEN,
  type ProtectedServerBug,
  startProtectedServer,
} from "./helpers/fake-protected-server.js";

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function run(bug: ProtectedServerBug, options: string[], revision = "2025-11-25") {
  const server = await startProtectedServer(bug);
  stop = server.close;
  return runCli(["server", "--url", server.url, "--id", "server/auth/*", "--revision", revision, ...options]);
}

const TOKENS = ["--auth-token", GOOD_TOKEN, "--auth-token-insufficient-scope", NARROW_TOKEN];

describe("server/auth transcripts", () => {
  it("pass against a well-behaved protected server, with both tokens, in both eras", async () => {
    for (const revision of ["2025-11-25", "2026-07-28"]) {
      const result = await run("none", TOKENS, revision);
      expect(result.stderr).toBe("");
      expect(result.stdout).not.toContain("Failures:");
      expect(result.last).toBe("conformance: 5 passed, 0 failed");
      expect(result.code).toBe(0);
    }
  });

  it("report the token transcripts as not applicable (skipped, with the option) when the tokens are missing", async () => {
    const result = await run("none", ["--auth"]);
    expect(result.last).toBe("conformance: 3 passed, 0 failed, 2 skipped");
    expect(result.stdout).toMatch(/skip\s+server\/auth\/insufficient-scope\s+2025-11-25/);
    expect(result.stdout).toContain("not applicable: needs --auth-token-insufficient-scope TOKEN");
    expect(result.stdout).toContain("not applicable: needs --auth-token TOKEN");
  });

  it("leave the auth transcripts out when no auth option says the server does authorization", async () => {
    const result = await run("none", []);
    expect(result.stdout).not.toContain("server/auth/");
    expect(result.last).toBe("conformance: 0 passed, 0 failed");
    expect(result.code).toBe(0);
  });

  it("fail a server that takes the token from the query string, naming the rule", async () => {
    const result = await run("query-token-accepted", TOKENS);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("1) server/auth/valid-token-and-query@2025-11-25 (http)");
    expect(result.stdout).toContain(
      "   requirement: auth.server.no-query-token (MUST NOT) https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#token-requirements\n",
    );
    expect(result.stdout).toContain("   reason: $.status: expected 401, got 200\n");
  });

  it("fail a 401 without a Bearer challenge", async () => {
    const result = await run("no-challenge-header", TOKENS);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "   requirement: auth.server.bearer-challenge (MUST) https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#token-handling\n",
    );
    expect(result.stdout).toContain("3) server/auth/unauthorized-challenge@2025-11-25 (http)");
    expect(result.stdout).toContain(
      '   reason: $.headers.www-authenticate: expected {"$wwwAuthenticate":{"$contains":[{"scheme":"bearer"}]}}, got nothing\n',
    );
  });

  it("fail a 403 without error=insufficient_scope, and metadata without authorization servers", async () => {
    const scope = await run("403-without-error", TOKENS);
    expect(scope.stdout).toContain(
      "   requirement: auth.server.insufficient-scope-403 (SHOULD) https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#runtime-insufficient-scope-errors\n",
    );
    await stop?.();
    stop = undefined;
    const prm = await run("prm-without-servers", ["--auth"]);
    expect(prm.stdout).toContain("1) server/auth/protected-resource-metadata@2025-11-25 (http)");
    expect(prm.stdout).toContain(
      "   requirement: auth.server.prm (MUST) https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#authorization-server-location\n",
    );
    expect(prm.stdout).toContain("$.body.authorization_servers");
  });
});

describe("--auth-token on the other transports", () => {
  it("rides on the WebSocket upgrade request", async () => {
    const seen: (string | undefined)[] = [];
    const http = createServer((_req, res) => res.writeHead(426).end());
    const wss = new WebSocketServer({ server: http, handleProtocols: () => "mcp" });
    wss.on("connection", (ws, req) => {
      seen.push(req.headers.authorization);
      ws.on("message", (data) => {
        const { id, method, params } = JSON.parse(data.toString());
        if (id === undefined) return;
        const result =
          method === "initialize"
            ? {
                protocolVersion: params.protocolVersion,
                capabilities: {},
                serverInfo: { name: "w", version: "1" },
              }
            : {};
        ws.send(JSON.stringify({ jsonrpc: "2.0", id, result }));
      });
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    stop = () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        http.close(() => resolve());
      });
    const address = http.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const dir = suiteDir({
      "ping.json": {
        id: "x/ping",
        title: "ping",
        side: "server",
        requirements: ["x.ping"],
        revisions: ["2025-11-25"],
        steps: [
          { op: "send", message: { jsonrpc: "2.0", id: 1, method: "ping" } },
          { op: "expect", message: { id: 1, result: {} } },
        ],
      },
    });
    const result = await runCli([
      "server",
      "--url",
      `ws://127.0.0.1:${port}/mcp`,
      "--transcripts",
      dir,
      "--auth-token",
      "ws-token",
    ]);
    expect(result.last).toBe("conformance: 1 passed, 0 failed");
    // The opening-exchange probe, the run and the invariants' observe pass each open a WebSocket,
    // all with the token.
    expect(seen).toEqual(["Bearer ws-token", "Bearer ws-token", "Bearer ws-token"]);
  });
});
