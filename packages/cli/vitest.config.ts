import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "cli",
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000, // each test runs several real processes; the machine may be busy
  },
});
