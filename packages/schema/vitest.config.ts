import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "schema",
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    globalSetup: ["test/oracle/global-setup.ts"],
  },
});
