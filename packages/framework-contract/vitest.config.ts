import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "framework-contract",
    include: ["test/**/*.test.ts"],
  },
});
