import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { missingFiles, pack, readManifest, tarballFiles } from "./pack.js";

describe("the tarball check", () => {
  let temp = "";
  afterEach(() => {
    if (temp !== "") rmSync(temp, { recursive: true, force: true });
  });

  it("names each file package.json points at that the packed tarball lacks, and where it is named", async () => {
    temp = mkdtempSync(join(tmpdir(), "mcpkit-pack-check-"));
    const dir = join(temp, "broken");
    mkdirSync(join(dir, "dist"), { recursive: true });
    // Built, but dist/node.js was never written and the types went to a folder `files` leaves out.
    writeFileSync(join(dir, "dist/index.js"), "export const ok = true;\n");
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({
        name: "@example/broken",
        version: "1.0.0",
        type: "module",
        exports: {
          ".": { types: "./types/index.d.ts", default: "./dist/index.js" },
          "./node": "./dist/node.js",
          "./package.json": "./package.json",
        },
        files: ["dist"],
      }),
    );
    const tarball = await pack(dir, temp);
    expect(basename(tarball)).toBe("example-broken-1.0.0.tgz");
    expect(missingFiles(readManifest(dir), await tarballFiles(tarball), basename(tarball))).toEqual([
      '@example/broken: types/index.d.ts (exports["."]["types"]) is not in example-broken-1.0.0.tgz',
      '@example/broken: dist/node.js (exports["./node"]) is not in example-broken-1.0.0.tgz',
    ]);
  });
});
