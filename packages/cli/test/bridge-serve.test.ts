import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Listening, MCPKIT, mcpkit, startReference, startServe } from "./helpers.js";

/** `mcpkit bridge URL` as a stdio server command for another mcpkit. */
const bridge = (url: string) => `${process.execPath} ${MCPKIT} bridge ${url}`;

/** POSTs an initialize with the given extra headers; answers the status. */
function postStatus(url: string, headers: Record<string, string>): Promise<number> {
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("mcpkit bridge: a remote server as a local stdio server", () => {
  const servers: Listening[] = [];
  beforeAll(async () => {
    servers.push(
      ...(await Promise.all([startReference("http"), startReference("sse"), startReference("ws")])),
    );
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  it("passes calls and progress through, over Streamable HTTP, HTTP+SSE and WebSocket", async () => {
    for (const server of servers) {
      const call = await mcpkit(["call", bridge(server.url), "add_numbers", "a=20", "b=22"]);
      expect(call, server.url).toEqual({ code: 0, stdout: "The sum of 20 and 22 is 42.\n", stderr: "" });
      const progress = await mcpkit(["call", bridge(server.url), "test_tool_with_progress"]);
      expect(progress.stderr, server.url).toBe(
        "progress 0/100 started\nprogress 50/100 halfway\nprogress 100/100 done\n",
      );
    }
  });

  it("passes the server's requests through, both ways", async () => {
    for (const server of servers) {
      const run = await mcpkit([
        "call",
        "--no-input",
        bridge(server.url),
        "test_elicitation",
        "message=Name?",
      ]);
      expect(run, server.url).toEqual({
        code: 0,
        stdout: "User response: action=decline, content={}\n",
        stderr: "mcpkit: declined the server's question (no input): Name?\n",
      });
    }
  });

  it("refuses a command for a target", async () => {
    const run = await mcpkit(["bridge", "node server.js"]);
    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr: "mcpkit: bridge needs a URL (http, https, ws or wss) (see mcpkit bridge --help)\n",
    });
  });
});

describe("mcpkit serve: a stdio server over Streamable HTTP", () => {
  let served: Listening;
  beforeAll(async () => {
    served = await startServe();
  });
  afterAll(async () => {
    await served.stop();
  });

  it("listens on 127.0.0.1 and serves calls with progress", async () => {
    expect(served.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const call = await mcpkit(["call", served.url, "add_numbers", "a=1", "b=2"]);
    expect(call).toEqual({ code: 0, stdout: "The sum of 1 and 2 is 3.\n", stderr: "" });
    const progress = await mcpkit(["call", served.url, "test_tool_with_progress"]);
    expect(progress).toEqual({
      code: 0,
      stdout: "Tool with progress executed successfully\n",
      stderr: "progress 0/100 started\nprogress 50/100 halfway\nprogress 100/100 done\n",
    });
    const ping = await mcpkit(["ping", served.url]);
    expect(ping.stdout).toMatch(/\(2025-11-25, streamable-http\)\n$/);
  });

  it("passes the server's own requests (elicitation) to the client and its answers back", async () => {
    const run = await mcpkit(["call", "--no-input", served.url, "test_elicitation", "message=Name?"]);
    expect(run).toEqual({
      code: 0,
      stdout: "User response: action=decline, content={}\n",
      stderr: "mcpkit: declined the server's question (no input): Name?\n",
    });
  });

  it("checks Host and Origin", async () => {
    expect(await postStatus(served.url, {})).toBe(200);
    expect(await postStatus(served.url, { host: "evil.example" })).toBe(403);
    expect(await postStatus(served.url, { origin: "https://evil.example" })).toBe(403);
  });
});
