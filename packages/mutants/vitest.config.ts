import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "mutants",
    include: ["test/**/*.test.ts"],
    // Builds dist once (tsc -b) so the test runs the real executables through the real runner CLI.
    globalSetup: ["test/global-setup.ts"],
    // The whole suite over stdio (a process per run, about 300 runs) took 155 s on a loaded machine.
    testTimeout: 240_000,
    // Two mutants at a time (the CI machine has 2 cores).
    maxConcurrency: 2,
    hookTimeout: 120_000,
  },
});
