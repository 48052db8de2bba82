import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { conformance, failures } from "./conformance.js";
import { type ProcessRuntime, runIn } from "./servers.js";

const everythingServer = resolve(import.meta.dirname, "../../reference/dist/everything-server.js");

/** Quotes one argument for `sh -c` (the runner starts the command once per transcript run). */
const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * The stdio subset (the runner starts one process per run, so it is kept small), at the newest
 * revision of each era: stdio's own rules, JSON-RPC batches and parse errors, the opening
 * exchanges, and a tool call, with progress and with cancellation.
 */
const stdioSubset = [
  "server/stdio/*",
  "server/base/batch",
  "server/base/parse-error",
  "server/lifecycle/initialize-echoes-version",
  "server/lifecycle/discover",
  "server/tools/call-simple-text",
  "server/tools/progress",
  "server/tools/cancellation",
];
const newestOfEachEra = ["--revision", "2025-11-25,2026-07-28"];

/** The reference server run by each runtime with processes passes our suite over stdio. */
describe("the reference server run by each runtime passes the suite over stdio", () => {
  const runtimes: readonly ProcessRuntime[] = ["node22", "node24", "node26", "bun", "deno"];
  for (const runtime of runtimes) {
    it(runtime, async () => {
      const [command, args] = runIn(runtime, everythingServer);
      const line = [command, ...args].map(quote).join(" ");
      const result = await conformance(`${runtime}-stdio`, ["--stdio", line], stdioSubset, newestOfEachEra);
      expect(result.report.summary.failed, failures(result)).toBe(0);
      expect(result.code).toBe(0);
      expect(new Set(result.report.results.map((r) => r.transport))).toEqual(new Set(["stdio"]));
      expect(result.report.summary.passed).toBeGreaterThan(7);
    });
  }
});
