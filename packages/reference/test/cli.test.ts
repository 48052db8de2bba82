import { HttpClientTransport } from "@mcpkit/transport-http";
import { WebSocketClientTransport } from "@mcpkit/transport-ws";
import { describe, expect, it } from "vitest";
import { parseClientArgs } from "../src/client/cli-args.js";
import { parseServerArgs } from "../src/server/config.js";
import { defaultSecurity, securityFor } from "../src/server/security.js";
import { connectRecording } from "./helpers/recording-client.js";
import { runNode, SERVER_JS, startServer } from "./helpers/processes.js";
import { post2026 } from "./helpers/stateless-wire.js";

describe("command lines", () => {
  it("parses the server's arguments, and refuses bad ones", () => {
    expect(parseServerArgs([])).toEqual({
      transport: "stdio",
      host: "127.0.0.1",
      port: 0,
      stateless: false,
      jsonResponse: "when-ready",
    });
    expect(parseServerArgs(["--http", "--sse-response"]).jsonResponse).toBe(false);
    expect(
      parseServerArgs([
        "--transport=ws",
        "--port",
        "8080",
        "--host",
        "::1",
        "--stateless",
        "--json-response",
      ]),
    ).toEqual({
      transport: "ws",
      host: "::1",
      port: 8080,
      stateless: true,
      jsonResponse: true,
    });
    expect(parseServerArgs(["--stdio"]).transport).toBe("stdio");
    expect(parseServerArgs(["--sse"]).transport).toBe("sse");
    expect(() => parseServerArgs(["--transport", "carrier-pigeon"])).toThrow(
      'unknown transport "carrier-pigeon"',
    );
    expect(() => parseServerArgs(["--port", "70000"])).toThrow('--port must be 0..65535, not "70000"');
    expect(() => parseServerArgs(["--port"])).toThrow("--port needs a value");
    expect(() => parseServerArgs(["--verbose"])).toThrow('unknown argument "--verbose"');
  });

  it("parses the client's arguments: the last positional is the URL", () => {
    expect(parseClientArgs(["http://localhost:1/mcp"])).toEqual({
      transport: "http",
      url: "http://localhost:1/mcp",
      command: undefined,
    });
    expect(parseClientArgs(["--transport", "sse", "http://a/sse"])).toMatchObject({
      transport: "sse",
      url: "http://a/sse",
    });
    expect(parseClientArgs(["ws://127.0.0.1:9/mcp"])).toMatchObject({ transport: "ws" });
    expect(parseClientArgs(["--stdio", "node server.js --x"])).toEqual({
      transport: "stdio",
      url: undefined,
      command: ["node", "server.js", "--x"],
    });
    expect(parseClientArgs([])).toEqual({ transport: "stdio", url: undefined, command: undefined });
    expect(() => parseClientArgs(["--transport", "ws"])).toThrow("--transport ws needs a URL");
  });

  it("allows only loopback Host names, plus the bind name of a non-loopback bind", () => {
    expect(securityFor("127.0.0.1")).toBe(defaultSecurity);
    expect(securityFor("::1")).toBe(defaultSecurity);
    expect(securityFor("0.0.0.0").allowedHosts).toEqual(["localhost", "127.0.0.1", "[::1]", "0.0.0.0"]);
    expect(securityFor("fe80::1").allowedHosts).toEqual(["localhost", "127.0.0.1", "[::1]", "[fe80::1]"]);
  });

  it("exits 2 with the usage on a bad argument, printing nothing on stdout", async () => {
    const run = await runNode(SERVER_JS, ["--transport", "smtp"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain('unknown transport "smtp"');
    expect(run.stderr).toContain("usage: everything-server");
  });
});

describe("everything-server endpoints", () => {
  it("http: prints only its URL, refuses a foreign Host (DNS rebinding), and exits 0 on SIGTERM", async () => {
    const server = await startServer(["--transport", "http"]);
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const initialize = (host: string) =>
        fetch(server.url, {
          method: "POST",
          headers: {
            host,
            origin: `http://${host}`,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "initialize",
            params: {
              protocolVersion: "2025-11-25",
              capabilities: {},
              clientInfo: { name: "t", version: "1" },
            },
          }),
        });
      expect((await initialize("evil.example.com")).status).toBe(403);
      const own = await initialize(new URL(server.url).host);
      expect(own.status).toBe(200);
      expect(own.headers.get("mcp-session-id")).toMatch(/^[\x21-\x7e]+$/);
      await own.body?.cancel();
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(server.stdoutLines).toEqual([server.url]);
  });

  it("sse: serves 2024-11-05 clients over the legacy HTTP+SSE transport", async () => {
    const server = await startServer(["--transport", "sse"]);
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sse$/);
      const { client } = await connectRecording(
        "2024-11-05",
        () => new HttpClientTransport(server.url, { mode: "legacy" }),
      );
      const result = await client.callTool({ name: "test_simple_text" });
      expect(result.content).toEqual([{ type: "text", text: "This is a simple text response for testing." }]);
      await client.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it("ws: prints its ws:// URL and refuses browser origins by default", async () => {
    const server = await startServer(["--transport", "ws"]);
    try {
      expect(server.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const foreign = new WebSocketClientTransport(server.url, {
        headers: { origin: "http://evil.example.com" },
      });
      await expect(
        foreign.start({ onMessage: () => {}, onUnreadable: () => {}, onClose: () => {} } as never),
      ).rejects.toMatchObject({ status: 403 });
      const { client } = await connectRecording("2025-11-25", () => new WebSocketClientTransport(server.url));
      expect(client.revision).toBe("2025-11-25");
      await client.close();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it("--stateless: serves 2026-07-28 only, refusing initialize", async () => {
    const server = await startServer(["--transport", "http", "--stateless", "--json-response"]);
    try {
      const discovered = await post2026(server.url, "server/discover", {});
      expect(discovered.response?.result).toMatchObject({ supportedVersions: ["2026-07-28"] });
      const listed = await post2026(server.url, "tools/list", {});
      expect(listed.response?.result).toMatchObject({
        resultType: "complete",
        cacheScope: expect.any(String),
      });
      const { client } = await connectRecording("2026-07-28", () => new HttpClientTransport(server.url));
      expect((await client.callTool({ name: "add_numbers", arguments: { a: 1, b: 2 } })).content).toEqual([
        { type: "text", text: "The sum of 1 and 2 is 3." },
      ]);
      await client.close();
      await expect(
        connectRecording("2025-11-25", () => new HttpClientTransport(server.url)).then(({ client: c }) =>
          c.close(),
        ),
      ).rejects.toThrow();
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
