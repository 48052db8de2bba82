import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packages, root } from "./workspace.js";

const bins = packages().flatMap(({ dir, manifest }) =>
  Object.entries(
    typeof manifest.bin === "string" ? { [manifest.name]: manifest.bin } : (manifest.bin ?? {}),
  ).map(([command, target]) => ({ dir, command, target: target.replace(/^\.\//, "") })),
);
const tracked = new Set(execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n"));

describe("package bins", () => {
  it("point at committed, executable files, so `pnpm install` can link them before any build", () => {
    expect(bins.map((b) => b.command).sort()).toEqual([
      "mcpkit",
      "mcpkit-conformance",
      "mcpkit-conformance-client",
      "mcpkit-everything-server",
      "mcpkit-mutant-client",
      "mcpkit-mutant-server",
    ]);
    for (const { dir, command, target } of bins) {
      expect(tracked.has(`${dir}/${target}`), `${command}: ${dir}/${target} is not in git`).toBe(true);
      expect(statSync(join(root, dir, target)).mode & 0o111, `${command} is not executable`).not.toBe(0);
    }
  });

  it("load a built module that exists", () => {
    for (const { dir, command, target } of bins) {
      const shim = readFileSync(join(root, dir, target), "utf8");
      expect(shim.startsWith("#!/usr/bin/env node\n"), command).toBe(true);
      const loaded = /^import "(\.\.\/dist\/[^"]+\.js)";$/m.exec(shim)?.[1];
      expect(loaded, `${command} imports no ../dist module`).toBeDefined();
      expect(existsSync(join(root, dir, "bin", loaded ?? "")), `${command}: ${loaded} (build first)`).toBe(
        true,
      );
    }
  });

  it("run through the link pnpm made for a dependent package", () => {
    const link = join(root, "packages/third-party/node_modules/.bin/mcpkit-conformance");
    const run = spawnSync(link, ["--help"], { encoding: "utf8", timeout: 30_000 });
    expect(`${run.stdout}${run.stderr}`).toContain('mcpkit-conformance server --stdio "COMMAND" [options]');
  });
});
