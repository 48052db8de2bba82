import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "cli",
    include: ["test/**/*.test.ts"],
    // Each test runs several real processes (servers in the hooks); the machine may be busy.
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
