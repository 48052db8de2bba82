import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { packedFiles } from "../../../scripts/pack-check.mjs";

const packageDir = resolve(import.meta.dirname, "..");

describe("the published tarball", () => {
  it("holds built code and declarations for both entry points, a README, and no sources or tests", () => {
    const files = packedFiles(packageDir);
    for (const file of ["dist/index.js", "dist/index.d.ts", "dist/node.js", "dist/node.d.ts", "README.md"]) {
      expect(files).toContain(file);
    }
    expect(files).toContain("dist/server/handler.d.ts");
    expect(files.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([]);
    expect(files.filter((file) => file.startsWith("test/") || file.endsWith(".map"))).toEqual([]);
  });

  it("keeps node:http out of the web-standard entry point", async () => {
    const { readFileSync } = await import("node:fs");
    const main = readFileSync(resolve(packageDir, "dist/index.js"), "utf8");
    expect(main.match(/from\s*["']node:[^"']+["']/g) ?? []).toEqual([]);
  });
});
