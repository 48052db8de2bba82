import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "official-conformance",
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    // The whole official run (six legs, about 50 s alone) happens once, in beforeAll.
    hookTimeout: 300_000,
  },
});
