import { describe, expect, it } from "vitest";
import type { TranscriptSubset } from "../src/mutant.js";
import { REFERENCE_CLIENT, REFERENCE_SERVER, runner, startNetworkServer } from "./harness.js";

/**
 * The whole suite against the unmutated reference: the everything-server over every transport it
 * serves (Streamable HTTP stateful and stateless, legacy HTTP+SSE, WebSocket, stdio) and the
 * conformance client over stdio, Streamable HTTP and WebSocket, at every revision each transcript
 * applies to. Every run must pass: a failure here is a bug in the reference or in a transcript.
 */

const ALL = ["*"];
const EVERY_REVISION = ["session", "stateless"];

async function againstServer(args: readonly string[], subset: TranscriptSubset) {
  if (subset.transport === "stdio") {
    return runner("server", ["node", REFERENCE_SERVER, ...args].join(" "), subset);
  }
  const { child, url } = await startNetworkServer(REFERENCE_SERVER, [
    ...args,
    "--transport",
    subset.transport,
  ]);
  try {
    return await runner("server", url, subset);
  } finally {
    child.kill("SIGKILL");
  }
}

function expectAllPassed(outcome: Awaited<ReturnType<typeof runner>>, atLeast: number): void {
  // Server runs include the invariant layer and its observe pass (`*` selects invariants/observe):
  // a correct server breaks no rule that holds on all traffic.
  expect(
    outcome.failed.filter((key) => key.startsWith("invariant/")),
    outcome.output,
  ).toEqual([]);
  expect(outcome.failed, outcome.output).toEqual([]);
  expect(outcome.passed.length, outcome.summary).toBeGreaterThanOrEqual(atLeast);
  // The only runs left out are the ones that do not apply to the reference: completions did not
  // exist at 2024-11-05, and it lists everything on one page, so there is no next page to get.
  const unexpected = outcome.skipped.filter(
    (entry) =>
      !/^server\/generic\/(tools|prompts|resources|resource-templates)-list-next-page@[\d-]+: not applicable: the first page of (tools|prompts|resources|resources\/templates)\/list has no nextCursor$/.test(
        entry,
      ) &&
      !/^server\/[\w/-]+@2024-11-05: not applicable: the server does not declare the capability completions$/.test(
        entry,
      ),
  );
  expect(unexpected, outcome.output).toEqual([]);
  const skipped = outcome.skipped.length > 0 ? `, ${outcome.skipped.length} skipped` : "";
  expect(outcome.summary).toBe(`conformance: ${outcome.passed.length} passed, 0 failed${skipped}`);
}

describe.concurrent("the reference everything-server passes every transcript", () => {
  it("over Streamable HTTP (one endpoint, both eras)", async () => {
    const outcome = await againstServer([], { transport: "http", ids: ALL, revisions: EVERY_REVISION });
    expectAllPassed(outcome, 250);
    // Both eras ran on the same endpoint.
    expect(outcome.passed.some((key) => key.includes("2026-07-28"))).toBe(true);
    expect(outcome.passed.some((key) => key.includes("2025-03-26"))).toBe(true);
  });

  it("over Streamable HTTP, stateless only (--stateless)", async () => {
    const outcome = await againstServer(["--stateless"], {
      transport: "http",
      ids: ALL,
      revisions: ["stateless"],
    });
    expectAllPassed(outcome, 50);
  });

  it("over legacy HTTP+SSE", async () => {
    expectAllPassed(await againstServer([], { transport: "sse", ids: ALL, revisions: EVERY_REVISION }), 150);
  });

  it("over WebSocket", async () => {
    expectAllPassed(await againstServer([], { transport: "ws", ids: ALL, revisions: EVERY_REVISION }), 250);
  });

  it("over stdio", async () => {
    expectAllPassed(
      await againstServer([], { transport: "stdio", ids: ALL, revisions: EVERY_REVISION }),
      250,
    );
  });
});

describe.concurrent("the reference conformance client passes every transcript", () => {
  for (const transport of ["stdio", "http", "ws"] as const) {
    it(`over ${transport}`, async () => {
      const outcome = await runner(
        "client",
        ["node", REFERENCE_CLIENT].join(" "),
        { transport, ids: ALL, revisions: EVERY_REVISION },
        transport,
      );
      expectAllPassed(outcome, 50);
    });
  }
});
