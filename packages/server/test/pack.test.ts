import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { packedFiles } from "../../../scripts/pack-check.mjs";

const packageDir = resolve(import.meta.dirname, "..");

describe("the published tarball", () => {
  it("holds built code and declarations for every export, and no sources or tests", () => {
    const files = packedFiles(packageDir);
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/index.d.ts");
    expect(files).toContain("dist/features/tools.d.ts");
    expect(files.some((f) => f.startsWith("examples/"))).toBe(false);
  });
});
