import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { packedFiles } from "../../../scripts/pack-check.mjs";

const packageDir = resolve(import.meta.dirname, "..");

describe("the published tarball", () => {
  it("holds built code and declarations, a README, and no sources, tests or benchmarks", () => {
    const files = packedFiles(packageDir);
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/index.d.ts");
    expect(files).toContain("README.md");
    expect(
      files.filter((file) => !file.startsWith("dist/") && !["README.md", "package.json"].includes(file)),
    ).toEqual([]);
  });

  it("has no runtime dependencies and no eval in its code", () => {
    const pkg = JSON.parse(readFileSync(resolve(packageDir, "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(pkg.dependencies).toBeUndefined();
    expect(pkg.peerDependencies).toBeUndefined();
    const code = readFileSync(resolve(packageDir, "dist/index.js"), "utf8");
    expect(code).not.toMatch(/\bnew Function\b|\beval\(/);
  });
});
