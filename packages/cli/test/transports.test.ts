import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVERYTHING, type Listening, mcpkit, startEverythingHttp, startReference } from "./helpers.js";

describe("mcpkit finds the transport from the URL, or is told", () => {
  const servers: Listening[] = [];
  let http: Listening;
  let sse: Listening;
  let ws: Listening;
  beforeAll(async () => {
    [http, sse, ws] = await Promise.all([
      startReference("http"),
      startReference("sse"),
      startReference("ws"),
    ]);
    servers.push(http, sse, ws);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  it("Streamable HTTP", async () => {
    const run = await mcpkit(["ping", http.url]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(
      /^pong from mcpkit-everything-server in [\d.]+ ms \(2026-07-28, streamable-http\)\n$/,
    );
  });

  it("HTTP+SSE: found by the fallback from a refused POST, or forced", async () => {
    const auto = await mcpkit(["ping", sse.url]);
    expect(auto.stdout).toMatch(/\(2025-11-25, sse\)\n$/);
    const forced = await mcpkit(["ping", "--transport", "sse", sse.url]);
    expect(forced.stdout).toMatch(/\(20[\d-]+, sse\)\n$/); // the probe goes over the SSE stream too
  });

  it("WebSocket", async () => {
    const run = await mcpkit(["call", ws.url, "add_numbers", "a=2", "b=3"]);
    expect(run).toEqual({ code: 0, stdout: "The sum of 2 and 3 is 5.\n", stderr: "" });
  });

  it("a forced transport that does not fit the target is a usage error", async () => {
    const run = await mcpkit(["ping", "--transport", "ws", "node server.js"]);
    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr: "mcpkit: --transport ws needs a URL, not a command (see mcpkit ping --help)\n",
    });
  });
});

describe("mcpkit against @modelcontextprotocol/server-everything", () => {
  it("over stdio: inspect and call", async () => {
    const target = `${process.execPath} ${EVERYTHING} stdio`;
    const inspect = await mcpkit(["inspect", "--json", target]);
    expect(inspect.code).toBe(0);
    const json = JSON.parse(inspect.stdout);
    expect(json.transport).toBe("stdio");
    expect(json.tools.map((t: { name: string }) => t.name)).toContain("echo");
    const call = await mcpkit(["call", target, "echo", "message=hello there"]);
    expect(call).toEqual({ code: 0, stdout: "Echo: hello there\n", stderr: "" });
  });

  it("over Streamable HTTP: call with numbers read from the schema", async () => {
    const server = await startEverythingHttp();
    try {
      const run = await mcpkit(["call", server.url, "get-sum", "a=2", "b=40"]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toBe("The sum of 2 and 40 is 42.\n");
    } finally {
      await server.stop();
    }
  });
});
