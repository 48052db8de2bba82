import { defineConfig } from "vitest/config";

// The fleet's conformance run (three everything-servers on one redis-server behind a round-robin
// proxy, our whole runner against it): slow, so in the matrix step (`pnpm test:matrix`), not in
// the package's own quick tests.
export default defineConfig({
  test: {
    name: "redis-fleet-conformance",
    include: ["matrix/**/*.test.ts"],
    testTimeout: 600_000,
  },
});
