import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "doc-snippets",
    include: ["test/**/*.test.ts"],
    // One TypeScript program over every snippet: a few seconds alone, longer on a busy machine.
    testTimeout: 30_000,
    hookTimeout: 180_000,
  },
});
