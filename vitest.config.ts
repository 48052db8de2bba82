import { defineConfig } from "vitest/config";

/**
 * The slow matrices: every transcript against the reference and its mutants on every transport,
 * the official suite's legs, and our suite against a third-party server. They run in their own
 * step (`pnpm test:matrix`, the second step of `.ci/run`) so that `pnpm test` stays quick.
 */
export const matrixProjects = [
  "packages/mutants",
  "packages/official-conformance",
  "packages/third-party",
  // Our runner against a fleet of three on Redis (scripts/conformance-fleet.mjs).
  "packages/redis/vitest.matrix.config.ts",
];

/**
 * The runtimes: our server, client and stdio inside Node 22/24/26, Bun, Deno, workerd and
 * Chromium. Their own step too (`pnpm test:runtimes`, the third step of `.ci/run`).
 */
export const runtimesProjects = ["packages/runtimes"];

// One workspace run over the packages; each package also runs alone with its own config.
const matrix = process.env.MCPKIT_TEST_MATRIX === "1";
const runtimes = process.env.MCPKIT_TEST_RUNTIMES === "1";
const separate = [...matrixProjects, ...runtimesProjects];
export default defineConfig({
  test: {
    projects: runtimes
      ? runtimesProjects
      : matrix
        ? matrixProjects
        : ["packages/*", ...separate.map((p) => `!${p}`)],
    reporters: ["default", "./scripts/summary-reporter.ts"],
  },
});
