import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkPackage, createPackageFromTarballData } from "@arethetypeswrong/core";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { afterAll, describe, expect, it } from "vitest";
import { entryPoints } from "./entry-points.js";
import { published, root } from "./workspace.js";

/**
 * Every published package's tarball, as `pnpm pack` makes it, passes publint (strict: warnings
 * count) and "Are the types wrong?" under its ESM-only profile: each export condition resolves to
 * JavaScript and to declarations of the same module format, for `node16` ESM consumers and for
 * bundlers. The `node10` and CommonJS `node16` resolutions are not checked: the packages are ESM
 * only, and CommonJS consumers load them through `require(esm)` (require-esm.test.ts).
 */
const out = mkdtempSync(join(tmpdir(), "mcpkit-package-lint-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const packed = new Map<string, Uint8Array>();

/** The package's tarball, packed once (on first use, inside a test, so its time counts there). */
function pack(dir: string): Uint8Array {
  const known = packed.get(dir);
  if (known) return known;
  const destination = mkdtempSync(join(out, "pack-"));
  execFileSync("pnpm", ["pack", "--pack-destination", destination], { cwd: join(root, dir), stdio: "pipe" });
  const [tarball] = readdirSync(destination).filter((file) => file.endsWith(".tgz"));
  if (!tarball) throw new Error(`pnpm pack wrote no tarball for ${dir}`);
  const bytes = new Uint8Array(readFileSync(join(destination, tarball)));
  packed.set(dir, bytes);
  return bytes;
}

/** The resolutions an ESM-only package must get right; the others are CommonJS-only resolvers. */
const checkedResolutions = new Set(["node16-esm", "bundler"]);

describe.each(published())("$manifest.name", ({ dir, manifest }) => {
  it("passes publint --strict on its packed tarball", async () => {
    const { messages, pkg } = await publint({ pack: { tarball: pack(dir).slice().buffer }, strict: true });
    expect(
      messages.map((message) => `${message.type}: ${formatMessage(message, pkg, { color: false })}`),
    ).toEqual([]);
  });

  it("has the right types for every export condition (attw, ESM-only profile)", async () => {
    const result = await checkPackage(createPackageFromTarballData(pack(dir)));
    expect(result.packageName).toBe(manifest.name);
    const modules = entryPoints(manifest);
    if (modules.length === 0) return; // a bin and its package.json: nothing to import, nothing to type
    if (!result.types) throw new Error(`${manifest.name} ships no types`);
    const problems = result.problems.filter(
      (problem) => !("resolutionKind" in problem) || checkedResolutions.has(problem.resolutionKind),
    );
    expect(problems).toEqual([]);
    // Every module entry point resolves to declarations for ESM consumers.
    for (const specifier of modules) {
      const subpath = specifier === manifest.name ? "." : `.${specifier.slice(manifest.name.length)}`;
      const resolution = result.entrypoints[subpath]?.resolutions["node16-esm"].resolution;
      expect(resolution?.isTypeScript, `${specifier} has no types`).toBe(true);
    }
  });
});
