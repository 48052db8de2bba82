import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "examples-check",
    include: ["test/**/*.test.ts"],
    // Each test starts an example through pnpm and tsx (or packs and installs tarballs): bounded below.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Two shared cores: one example at a time.
    fileParallelism: false,
  },
});
