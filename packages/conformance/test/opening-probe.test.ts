// The opening-exchange probe: a server that cannot start a conversation fails once per era, its
// runs are not run, and a correct server that serves only one era is not blamed for the other.
import { mkdtempSync, readFileSync } from "node:fs";
import { type Server, createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fakeServerCommand, fixtures, runCli } from "./helpers/cli.js";
import { startFakeHttpServer } from "./helpers/fake-http-server.js";

const SESSION_SENT =
  "the opening exchange for 2025-11-25 failed: sent initialize (then notifications/initialized); got: setup:";
const STATELESS_SENT = "the opening exchange for 2026-07-28 failed: sent server/discover; got: setup:";
const SESSION_REQUIRES =
  "the spec requires an initialize result with id 0 carrying protocolVersion, capabilities and serverInfo (name, version)\n";
const STATELESS_REQUIRES =
  "the spec requires a server/discover result with id 0 whose supportedVersions lists the revision and which carries capabilities\n";
/** The 13 example runs (4 ping, 4 tools-call-unknown, 5 tools-list), all left out. */
const NOT_RUN_KEYS = [
  "example/ping@2024-11-05",
  "example/ping@2025-03-26",
  "example/ping@2025-06-18",
  "example/ping@2025-11-25",
  "example/tools-call-unknown@2025-03-26",
  "example/tools-call-unknown@2025-06-18",
  "example/tools-call-unknown@2025-11-25",
  "example/tools-call-unknown@2026-07-28",
  "example/tools-list@2024-11-05",
  "example/tools-list@2025-03-26",
  "example/tools-list@2025-06-18",
  "example/tools-list@2025-11-25",
  "example/tools-list@2026-07-28",
];

/** A file the fake server appends one line to per start: the number of attempts. */
function launches(): { file: string; count: () => number } {
  const file = join(mkdtempSync(join(tmpdir(), "conformance-launches-")), "launches");
  return {
    file,
    count: () => {
      try {
        return readFileSync(file, "utf8").split("\n").filter(Boolean).length;
      } catch {
        return 0;
      }
    },
  };
}

function expectAllNotRun(stdout: string): void {
  for (const key of NOT_RUN_KEYS)
    expect(stdout).toContain(`   ${key}: not run: the opening exchange failed\n`);
}

describe("the opening-exchange probe over stdio", () => {
  it("fails a server that exits at once, once per era, with its exit code and stderr", async () => {
    const starts = launches();
    const run = await runCli([
      "server",
      "--stdio",
      `echo started >> ${starts.file}; echo 'cannot open config' >&2; exit 3`,
      "--transcripts",
      fixtures,
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `   reason: ${SESSION_SENT} the implementation went away before a matching message arrived: the server process exited with code 3; stderr: cannot open config; nothing unconsumed was received; ${SESSION_REQUIRES}`,
    );
    expect(run.stdout).toContain(
      `   reason: ${STATELESS_SENT} the implementation went away before a matching message arrived: the server process exited with code 3; stderr: cannot open config; nothing unconsumed was received; ${STATELESS_REQUIRES}`,
    );
    expect(run.stdout).toContain("1) opening-exchange@2025-11-25 (stdio): the opening exchange\n");
    expect(run.stdout).toContain("   requirement: lifecycle.init.response-fields\n");
    expect(run.stdout).toContain("2) opening-exchange@2026-07-28 (stdio): the opening exchange\n");
    expect(run.stdout).toContain("   requirement: lifecycle.discover.implemented\n");
    expect(run.stdout).not.toContain("3)");
    expectAllNotRun(run.stdout);
    expect(run.last).toBe("conformance: 0 passed, 2 failed, 13 skipped");
    // One start per era, none for the 13 runs.
    expect(starts.count()).toBe(2);
  });

  it("fails a server that writes garbage, showing what came back", async () => {
    const starts = launches();
    const run = await runCli([
      "server",
      "--stdio",
      `FAKE_LAUNCHES=${starts.file} ${fakeServerCommand("garbage")}`,
      "--transcripts",
      fixtures,
      "--step-timeout",
      "1500",
      "--no-reuse",
    ]);
    // 1500 ms, not less: both eras are probed at once on a loaded machine, and the garbage must arrive first.
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `   reason: ${SESSION_SENT} no matching message within 1500 ms; closest message: $: expected an object, got "this is not JSON-RPC"; ${SESSION_REQUIRES}`,
    );
    expect(run.stdout).toContain('   received: "this is not JSON-RPC"\n');
    expect(run.stdout).toContain(
      `   reason: ${STATELESS_SENT} no matching message within 1500 ms; closest message: $: expected an object, got "this is not JSON-RPC"; ${STATELESS_REQUIRES}`,
    );
    expectAllNotRun(run.stdout);
    // The invariants watch the opening exchange too: text on stdout breaks a stdio rule, once per revision.
    expect(run.stdout).toContain(
      "   reason: a line on stdout that is not JSON (first seen in opening-exchange@2025-11-25, setup 2)\n",
    );
    expect(run.last).toBe("conformance: 0 passed, 4 failed, 13 skipped");
    expect(starts.count()).toBe(2);
  });

  it("fails a server that never answers after one step timeout per era", async () => {
    const starts = launches();
    const run = await runCli([
      "server",
      "--stdio",
      `FAKE_LAUNCHES=${starts.file} ${fakeServerCommand("silent")}`,
      "--transcripts",
      fixtures,
      "--step-timeout",
      "300",
      "--no-reuse",
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `   reason: ${SESSION_SENT} no matching message within 300 ms; nothing unconsumed was received; ${SESSION_REQUIRES}`,
    );
    expect(run.stdout).toContain(
      `   reason: ${STATELESS_SENT} no matching message within 300 ms; nothing unconsumed was received; ${STATELESS_REQUIRES}`,
    );
    expectAllNotRun(run.stdout);
    expect(run.last).toBe("conformance: 0 passed, 2 failed, 13 skipped");
    expect(starts.count()).toBe(2);
  });

  it("runs a correct server exactly as before: nothing added to the report", async () => {
    const starts = launches();
    const run = await runCli([
      "server",
      "--stdio",
      `FAKE_LAUNCHES=${starts.file} ${fakeServerCommand("good")}`,
      "--transcripts",
      fixtures,
      // One process per run, so the starts count what is run.
      "--no-reuse",
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain("opening-exchange");
    expect(run.last).toBe("conformance: 13 passed, 0 failed");
    // One probe per revision (five), the 13 runs, then the invariants' observe pass once per era.
    expect(starts.count()).toBe(20);
  });

  it("reports a session-only server's 2026-07-28 runs as not applicable, not as failures", async () => {
    const starts = launches();
    const run = await runCli([
      "server",
      "--stdio",
      `FAKE_LAUNCHES=${starts.file} ${fakeServerCommand("session-only")}`,
      "--transcripts",
      fixtures,
      "--no-reuse",
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain("opening-exchange");
    expect(run.stdout).toContain(
      "   example/tools-call-unknown@2026-07-28: not applicable: the server does not serve 2026-07-28\n",
    );
    expect(run.stdout).toContain(
      "   example/tools-list@2026-07-28: not applicable: the server does not serve 2026-07-28\n",
    );
    expect(run.last).toBe("conformance: 11 passed, 0 failed, 2 skipped");
    // Five probes (one per revision; 2026-07-28 refused), 11 runs, one observe pass (the session era only).
    expect(starts.count()).toBe(17);
  });

  it("reports a 2026-07-28-only server that refuses initialize as not serving the session era", async () => {
    const starts = launches();
    const run = await runCli([
      "server",
      "--stdio",
      `FAKE_LAUNCHES=${starts.file} ${fakeServerCommand("stateless-only")}`,
      "--transcripts",
      fixtures,
      "--no-reuse",
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain("opening-exchange");
    expect(run.stdout).toContain(
      "   example/ping@2024-11-05: not applicable: the server does not serve the session era (initialize)\n",
    );
    expect(run.last).toBe("conformance: 2 passed, 0 failed, 11 skipped");
    // Two probes, 2 runs, one observe pass (2026-07-28 only).
    expect(starts.count()).toBe(5);
  });

  it("fails a server whose initialize hangs even though server/discover works", async () => {
    const starts = launches();
    const run = await runCli([
      "server",
      "--stdio",
      `FAKE_LAUNCHES=${starts.file} ${fakeServerCommand("initialize-hangs")}`,
      "--transcripts",
      fixtures,
      "--step-timeout",
      "1500",
      "--no-reuse",
    ]);
    // 1500 ms, not less: the 2026-07-28 runs that must pass here share a loaded machine.
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `   reason: ${SESSION_SENT} no matching message within 1500 ms; nothing unconsumed was received; ${SESSION_REQUIRES}`,
    );
    expect(run.stdout).toContain("   example/ping@2024-11-05: not run: the opening exchange failed\n");
    expect(run.last).toBe("conformance: 2 passed, 1 failed, 11 skipped");
    // Two probes, 2 runs, one observe pass (2026-07-28 only).
    expect(starts.count()).toBe(5);
  });

  it("fails a session-only server when --revision asks for 2026-07-28", async () => {
    const starts = launches();
    const run = await runCli([
      "server",
      "--stdio",
      `FAKE_LAUNCHES=${starts.file} ${fakeServerCommand("session-only")}`,
      "--transcripts",
      fixtures,
      "--revision",
      "2026-07-28",
      "--no-reuse",
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `   reason: the opening exchange for 2026-07-28 failed: sent server/discover; got: the JSON-RPC error -32601 "Method not found" (setup: the response does not match: $.result: expected a value, got nothing); ${STATELESS_REQUIRES}`,
    );
    expect(run.stdout).toContain(
      '   received: {"jsonrpc":"2.0","id":0,"error":{"code":-32601,"message":"Method not found"}}\n',
    );
    expect(run.stdout).toContain("   example/tools-list@2026-07-28: not run: the opening exchange failed\n");
    expect(run.last).toBe("conformance: 0 passed, 1 failed, 2 skipped");
    expect(starts.count()).toBe(1);
  });
});

describe("the opening-exchange probe over Streamable HTTP", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  it("reports a session-only server's 2026-07-28 runs as not applicable", async () => {
    const fake = await startFakeHttpServer("session-only");
    try {
      const run = await runCli([
        "server",
        "--url",
        fake.url,
        "--transcripts",
        fixtures,
        "--step-timeout",
        "1000",
      ]);
      expect(run.code).toBe(0);
      expect(run.stdout).not.toContain("opening-exchange");
      expect(run.stdout).toContain(
        "   example/tools-list@2026-07-28: not applicable: the server does not serve 2026-07-28\n",
      );
      expect(run.last).toBe("conformance: 11 passed, 0 failed, 2 skipped");
      // The probe's server/discover was refused, and no stateless run was attempted after it.
      const discover = fake.log.requests.filter((r) => r.body.includes('"server/discover"'));
      expect(discover.length).toBe(1);
      // Four by the probes (listing what each session revision offers), four by the runs, one by
      // the invariants' observe pass at 2025-11-25.
      expect(fake.log.requests.filter((r) => r.body.includes('"tools/list"')).length).toBe(9);
    } finally {
      await fake.close();
    }
  });

  it("fails a server answering 500 to everything, with the status and body", async () => {
    const requests: string[] = [];
    server = createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(500, { "content-type": "text/plain" }).end("internal trouble");
    });
    const listening = server;
    await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
    const address = listening.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const run = await runCli([
      "server",
      "--url",
      `http://127.0.0.1:${port}/mcp`,
      "--transcripts",
      fixtures,
      "--step-timeout",
      "300",
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `   reason: ${SESSION_SENT} no matching message within 300 ms; nothing unconsumed was received; POST /mcp was answered with HTTP 500, body: internal trouble; ${SESSION_REQUIRES}`,
    );
    expect(run.stdout).toContain(
      `   reason: ${STATELESS_SENT} no matching message within 300 ms; nothing unconsumed was received; POST /mcp was answered with HTTP 500, body: internal trouble; ${STATELESS_REQUIRES}`,
    );
    expectAllNotRun(run.stdout);
    expect(run.last).toBe("conformance: 0 passed, 2 failed, 13 skipped");
    // The initialize and the server/discover of the two probes, nothing else.
    expect(requests).toEqual(["POST /mcp", "POST /mcp"]);
  });
});
