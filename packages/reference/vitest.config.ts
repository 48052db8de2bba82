import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "reference",
    include: ["test/**/*.test.ts"],
    // Builds dist once (tsc -b) so the tests run the real CLIs.
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
