import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "runtimes",
    include: ["test/**/*.test.ts"],
    // Each test starts a real runtime and runs a suite or scenario against it: bounded well below.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // Two cores: one runtime at a time keeps each one's startup and the suite's timers honest.
    fileParallelism: false,
  },
});
