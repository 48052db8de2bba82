import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "official-conformance",
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    // The whole official run (eight legs, about 2 min alone: the two tasks legs run their ten
    // scenarios one CLI each) happens once, in beforeAll.
    hookTimeout: 480_000,
  },
});
