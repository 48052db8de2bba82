import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ConformanceReport,
  type HttpServer,
  expectedEntries,
  expectedFailuresFile,
  runConformance,
  serverEverything,
  shellQuote,
  skipFile,
  startHttpServer,
  transcripts,
} from "./helpers.js";

// server-everything is built on the TypeScript SDK 1.x: it speaks the session-era revisions only
// (2024-11-05 to 2025-11-25), so stateless-era (2026-07-28) runs are filtered out. Transcripts
// that need fixtures it lacks are skipped by skip.json (each with its reason); its verified
// deviations are in expected-failures.yaml (docs/conformance-findings.md).
const common = [
  "--transcripts",
  transcripts,
  "--revision",
  "session",
  "--skip",
  skipFile,
  "--expected-failures",
  expectedFailuresFile,
  "--step-timeout",
  "3000",
];

/** Checks that the run is clean with the expected-failures file, and that every entry still bites. */
function expectOnlyKnownDeviations(
  run: { code: number | null; output: string; report: ConformanceReport },
  transport: string,
) {
  // The runner's own verdict: nothing failed unexpectedly, no expected failure went stale.
  expect(run.code, run.output).toBe(0);
  expect(run.report.summary.failed).toBe(0);
  // The runner ignores entries that match no run; here every entry must name a real failure,
  // so a renamed transcript cannot silently drop a documented deviation.
  const xfail = run.report.results.filter((r) => r.verdict === "expected-failure");
  for (const entry of expectedEntries(transport)) {
    const [id, revision] = (entry.split(":")[0] as string).split("@");
    const hit = xfail.some(
      (r) => r.transcript === id && (revision === undefined || r.key.endsWith(`@${revision}`)),
    );
    expect(hit, `expected-failures entry ${entry} matched no failing ${transport} run`).toBe(true);
  }
  // The server was really exercised: core lifecycle runs pass on every revision.
  for (const revision of ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"]) {
    const ping = run.report.results.find((r) => r.key === `server/lifecycle/ping@${revision}`);
    expect(ping?.verdict, `ping@${revision}`).toBe("passed");
  }
}

describe("@modelcontextprotocol/server-everything against the mcpkit conformance suite", () => {
  it("over stdio shows exactly the documented deviations", async () => {
    const command = `${shellQuote(process.execPath)} ${shellQuote(serverEverything)} stdio`;
    const run = await runConformance(["server", "--stdio", command, ...common], 170_000);
    expectOnlyKnownDeviations(run, "stdio");
  });

  for (const [name, mode, transport] of [
    ["Streamable HTTP", "streamableHttp", "http"],
    ["legacy HTTP+SSE", "sse", "sse"],
  ] as const) {
    describe(`over ${name}`, () => {
      let server: HttpServer;
      beforeAll(async () => {
        server = await startHttpServer(mode);
      });
      afterAll(async () => {
        await server?.stop();
      });

      it("shows exactly the documented deviations", async () => {
        const run = await runConformance(
          ["server", "--url", server.url, "--transport", transport, ...common],
          170_000,
        );
        expectOnlyKnownDeviations(run, transport);
      });
    });
  }
});
