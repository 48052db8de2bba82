import { defineConfig } from "vitest/config";

/** Runs the pending tests (mcpkit-side bugs awaiting a fix), which the package's own config leaves out. */
export default defineConfig({
  test: {
    name: "interop-pending",
    root: new URL("..", import.meta.url).pathname,
    include: ["pending/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 20_000,
  },
});
