import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "repo-checks",
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
  },
});
