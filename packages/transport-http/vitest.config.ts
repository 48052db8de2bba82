import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "transport-http",
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
  },
});
