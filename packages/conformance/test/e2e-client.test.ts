import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { fixtures, runCli, suiteDir } from "./helpers/cli.js";

const fakeClient = resolve(import.meta.dirname, "helpers/fake-client.mjs");
const command = (mode: string) => `FAKE_CLIENT_MODE=${mode} ${process.execPath} ${fakeClient}`;
const base = ["--transcripts", fixtures, "--id", "example/client-calls-tool"];

describe("client mode: the runner scripts the server side", () => {
  for (const transport of ["stdio", "http", "ws"]) {
    it(`passes a well-behaved client over ${transport} on every session revision`, async () => {
      const run = await runCli(["client", "--command", command("good"), "--transport", transport, ...base]);
      expect(run.stderr).toBe("");
      expect(run.stdout).not.toContain("Failures:");
      expect(run.last).toBe("conformance: 4 passed, 0 failed");
      expect(run.code).toBe(0);
    });
  }

  it("shows the client's wrong request as the first differing message", async () => {
    const run = await runCli([
      "client",
      "--command",
      command("wrong-args"),
      "--transport",
      "stdio",
      ...base,
      "--revision",
      "2025-06-18",
      "--step-timeout",
      "1500",
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("   at: step 3: expect\n");
    expect(run.stdout).toContain(
      '   received: {"jsonrpc":"2.0","id":"<captured:callId>","method":"tools/call","params":{"name":"add_numbers","arguments":{"a":"1","b":"2"}}}\n',
    );
    // The client waits for an answer that never comes: the step times out and shows its request.
    expect(run.stdout).toContain(
      '   reason: no matching message within 1500 ms; closest message: $.params.arguments.a: expected a value of type number, got "1"\n',
    );
  });

  it("fails a crashing client with its exit code and stderr, and a hanging one within bounds", async () => {
    const crash = await runCli([
      "client",
      "--command",
      command("crash"),
      "--transport",
      "http",
      ...base,
      "--revision",
      "2025-11-25",
    ]);
    expect(crash.code).toBe(1);
    expect(crash.stdout).toContain(
      [
        "   at: setup 3: expect (initialized)",
        "   level: MUST",
        "   requirement: example.client.tools-call",
        "   reason: setup: the implementation went away before a matching message arrived: the client exited with code 1; stderr: fake client: giving up; nothing unconsumed was received",
      ].join("\n"),
    );
    const started = Date.now();
    const hang = await runCli([
      "client",
      "--command",
      command("hang"),
      "--transport",
      "ws",
      ...base,
      "--revision",
      "2025-11-25",
      "--step-timeout",
      "1000",
    ]);
    expect(hang.code).toBe(1);
    expect(hang.stdout).toContain(
      "   reason: no matching message within 1000 ms; nothing unconsumed was received\n",
    );
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("over HTTP checks the headers of client requests and shapes responses (SSE, raw 404)", async () => {
    const dir = suiteDir({
      "http.json": {
        id: "client/http-shapes",
        title: "session header, SSE answer, then a 404",
        side: "client",
        scenario: "tools_call",
        requirements: ["r"],
        revisions: ["2025-06-18"],
        transports: ["http"],
        steps: [
          {
            op: "expect",
            message: { method: "tools/list", id: { $capture: "listId" } },
            http: {
              method: "POST",
              path: "/mcp",
              headers: { "mcp-session-id": "conformance-session", "mcp-protocol-version": "2025-06-18" },
            },
          },
          {
            op: "send",
            message: {
              jsonrpc: "2.0",
              id: "{{listId}}",
              result: { tools: [{ name: "t", inputSchema: { type: "object" } }] },
            },
            http: { mode: "sse" },
          },
          {
            op: "expect",
            message: { method: "tools/call", id: { $capture: "callId" }, params: { name: "t" } },
          },
          { op: "send", to: "{{callId}}", http: { status: 404, rawBody: "" } },
          { op: "expectExit", code: 5 },
        ],
      },
    });
    const run = await runCli([
      "client",
      "--command",
      command("good"),
      "--transport",
      "http",
      "--transcripts",
      dir,
    ]);
    expect(run.stdout).not.toContain("Failures:");
    expect(run.last).toBe("conformance: 1 passed, 0 failed");
  });

  it("names the HTTP header that differs when only the carrying request is wrong", async () => {
    const dir = suiteDir({
      "neg.json": {
        id: "client/wrong-session",
        title: "expects another session id",
        side: "client",
        scenario: "tools_call",
        requirements: ["r"],
        revisions: ["2025-06-18"],
        transports: ["http"],
        steps: [
          {
            op: "expect",
            message: { method: "tools/list" },
            http: { headers: { "mcp-session-id": "other" } },
          },
        ],
      },
    });
    const run = await runCli([
      "client",
      "--command",
      command("good"),
      "--transport",
      "http",
      "--transcripts",
      dir,
      "--step-timeout",
      "1500",
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      '   reason: no matching message within 1500 ms; closest message: HTTP request $.headers.mcp-session-id: expected "other", got "conformance-session"\n',
    );
  });
});
