import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { packedFiles } from "../../../scripts/pack-check.mjs";

const packageDir = resolve(import.meta.dirname, "..");

describe("the published tarball", () => {
  it("holds built code and declarations for both entry points, a README, and no sources or tests", () => {
    const files = packedFiles(packageDir);
    for (const file of ["dist/index.js", "dist/index.d.ts", "dist/node.js", "dist/node.d.ts", "README.md"])
      expect(files).toContain(file);
    expect(files.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([]);
    expect(files.filter((file) => file.endsWith(".map"))).toEqual([]);
  });
});
