import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "third-party",
    include: ["test/**/*.test.ts"],
    // Each test runs the whole applicable suite against a real server: bounded well below this.
    testTimeout: 180_000,
    hookTimeout: 30_000,
  },
});
