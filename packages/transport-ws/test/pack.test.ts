import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkPack } from "../../../scripts/pack-check.mjs";

const packageDir = resolve(import.meta.dirname, "..");

describe("the published tarball", () => {
  it("holds built code and declarations, a README, and no sources or tests", () => {
    expect(existsSync(resolve(packageDir, "dist/index.js")), "build the package first (pnpm build)").toBe(
      true,
    );
    const { files, problems } = checkPack(packageDir);
    expect(problems).toEqual([]);
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/index.d.ts");
    expect(files).toContain("dist/server.d.ts");
    expect(files).toContain("dist/client.d.ts");
    expect(files).toContain("README.md");
    expect(files.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([]);
    expect(files.filter((file) => file.endsWith(".map"))).toEqual([]);
  });
});
