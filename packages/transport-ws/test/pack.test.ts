import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { packedFiles } from "../../../scripts/pack-check.mjs";

const packageDir = resolve(import.meta.dirname, "..");

describe("the published tarball", () => {
  it("holds built code and declarations, a README, and no sources or tests", () => {
    const files = packedFiles(packageDir);
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/index.d.ts");
    expect(files).toContain("dist/server.d.ts");
    expect(files).toContain("dist/client.d.ts");
    expect(files).toContain("README.md");
    expect(files.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([]);
    expect(files.filter((file) => file.endsWith(".map"))).toEqual([]);
  });
});
