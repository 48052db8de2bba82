import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { packedFiles } from "../../../scripts/pack-check.mjs";

const packageDir = resolve(import.meta.dirname, "..");

describe("the published tarball", () => {
  it("holds built code, declarations, the CLI and a README, and no sources or tests", () => {
    const files = packedFiles(packageDir);
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/index.d.ts");
    expect(files).toContain("dist/cli.js");
    expect(files).toContain("README.md");
    // The language-neutral suite travels with the CLI (copied at build time).
    expect(files.some((file) => file.startsWith("dist/suite/transcripts/"))).toBe(true);
    expect(files.some((file) => file.startsWith("dist/suite/requirements/"))).toBe(true);
    expect(files).toContain("dist/suite/schema/transcript.schema.json");
    expect(files.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([]);
    expect(files.filter((file) => file.startsWith("test/"))).toEqual([]);
  });
});
