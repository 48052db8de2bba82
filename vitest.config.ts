import { defineConfig } from "vitest/config";

// One workspace run over every package; each package also runs alone with its own config.
export default defineConfig({
  test: {
    projects: ["packages/*"],
    reporters: ["default", "./scripts/summary-reporter.ts"],
  },
});
