import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./helpers/cli.js";
import { startFakeHttpServer } from "./helpers/fake-http-server.js";

const fakeClient = resolve(import.meta.dirname, "helpers/fake-observed-client.mjs");
const command = (mode: string) => `FAKE_OBSERVED_MODE=${mode} ${process.execPath} ${fakeClient}`;

describe("client --observe: a client doing its own thing, judged through a relay", () => {
  let upstream: Awaited<ReturnType<typeof startFakeHttpServer>>;
  beforeAll(async () => {
    upstream = await startFakeHttpServer();
  });
  afterAll(async () => {
    await upstream.close();
  });

  const observe = (mode: string, ...extra: string[]) =>
    runCli(["client", "--observe", "--command", command(mode), "--upstream", upstream.url, ...extra]);

  it("passes a well-behaved client and relays its traffic unchanged", async () => {
    const before = upstream.log.requests.length;
    const run = await observe("good");
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(
      /pass +observe\/client +2025-11-25 +the client ran against http:\/\/127\.0\.0\.1:\d+\/mcp \(3 messages/,
    );
    expect(run.last).toBe("conformance: 1 passed, 0 failed");
    expect(run.code).toBe(0);
    const seen = upstream.log.requests.slice(before);
    expect(seen.map((r) => (r.body === "" ? undefined : JSON.parse(r.body).method))).toEqual([
      "initialize",
      "notifications/initialized",
      "tools/list",
      undefined,
    ]);
    expect(seen[1]?.headers["mcp-protocol-version"]).toBe("2025-11-25");
  });

  const cases: [string, string, string][] = [
    [
      "no-accept",
      "http.post.accept",
      'a POST with Accept "application/json", not both application/json and text/event-stream',
    ],
    ["no-session", "http.session.client-echo", "a POST without the Mcp-Session-Id the server handed out"],
    ["no-version", "http.version-header.client", "a POST after initialization without MCP-Protocol-Version"],
    [
      "skip-initialized",
      "lifecycle.init.initialized-notification",
      "tools/list requested after the initialize result without notifications/initialized first",
    ],
    ["reuse-id", "base.request.id-unique", "request id 1 reused within the session"],
    [
      "list-first",
      "lifecycle.init.first-request",
      "the client's first message is tools/list, not initialize",
    ],
  ];
  for (const [mode, requirement, detail] of cases) {
    it(`reports ${requirement} for a client with defect ${mode}`, async () => {
      const run = await observe(mode);
      expect(run.stdout).toContain(`FAIL   invariant/${requirement} 2025-11-25`);
      expect(run.stdout).toContain(`   reason: ${detail}`);
      expect(run.stdout).toMatch(/\(first seen in observe\/client session \d+@2025-11-25, /);
      // Only MUST failures fail the exit code by default.
      expect(run.code).toBe(requirement === "http.session.client-delete" ? 0 : 1);
      const failed = run.stdout.split("\n").filter((line) => line.startsWith("FAIL"));
      expect(failed).toHaveLength(1);
    });
  }

  it("fails observe/client when the client exits with an error", async () => {
    const run = await observe("fail");
    expect(run.stdout).toContain("   reason: the client exited with code 3\n");
    expect(run.last).toBe("conformance: 0 passed, 1 failed");
    expect(run.code).toBe(1);
  });

  it("refuses --observe without --upstream, and --upstream without --observe", async () => {
    const missing = await runCli(["client", "--observe", "--command", "true"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("client --observe needs --upstream URL");
    const stray = await runCli(["client", "--command", "true", "--upstream", "http://127.0.0.1:1/mcp"]);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain("--upstream needs client --observe");
  });
});
