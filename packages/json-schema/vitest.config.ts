import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "json-schema",
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/json-schema-suite/global-setup.ts"],
  },
});
