import { afterEach, describe, expect, it } from "vitest";
import { conformance, failures, subset } from "./conformance.js";
import { type RunningServer, type ServerRuntime, startServer } from "./servers.js";

/**
 * The reference definition served by the web-standard handler inside each runtime, checked from
 * outside by our conformance runner over Streamable HTTP (both eras, sessions and stateless).
 * Every transcript on Node 24 and on workerd (the two ends: the runtime we build on and the most
 * constrained one); the representative {@link subset} on the others.
 */
const plan: readonly { runtime: ServerRuntime; ids: readonly string[] }[] = [
  { runtime: "node24", ids: [] },
  { runtime: "workerd", ids: [] },
  { runtime: "node22", ids: subset },
  { runtime: "node26", ids: subset },
  { runtime: "node24-native", ids: subset },
  { runtime: "bun", ids: subset },
  { runtime: "deno", ids: subset },
];

describe("the server inside each runtime passes the conformance suite over Streamable HTTP", () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  for (const { runtime, ids } of plan) {
    it(`${runtime}: ${ids.length === 0 ? "every server transcript" : "the representative subset"}`, async () => {
      server = await startServer(runtime);
      const result = await conformance(runtime, ["--url", server.url], ids);
      expect(
        result.report.summary.failed,
        `${failures(result)}\n--- server output ---\n${server.process.output()}`,
      ).toBe(0);
      expect(result.code).toBe(0);
      // It really ran: both eras, sessions and stateless.
      expect(result.report.summary.passed).toBeGreaterThan(ids.length === 0 ? 300 : 100);
      const keys = result.report.results.map((r) => r.key);
      expect(keys.some((k) => k.includes("@2026-07-28"))).toBe(true);
      expect(keys.some((k) => k.includes("@2025-11-25"))).toBe(true);
    });
  }
});
