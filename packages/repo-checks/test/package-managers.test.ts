import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./workspace.js";

// Settings pnpm passes to the scripts it runs (npm_config_*) are not the repository's: leave them out.
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_/i.test(key)));
const run = (command: string, args: string[]) =>
  spawnSync(command, args, { cwd: root, encoding: "utf8", timeout: 30_000, env: { ...env, NO_COLOR: "1" } });

describe("package manager settings", () => {
  it("keep npm quiet: no .npmrc with pnpm-only keys", () => {
    expect(existsSync(join(root, ".npmrc"))).toBe(false);
    const npm = run("npm", ["config", "get", "registry"]);
    expect(npm.status).toBe(0);
    expect(npm.stderr).toBe("");
  });

  it("still tell pnpm to use the installed pnpm (from pnpm-workspace.yaml)", () => {
    const pnpm = run("pnpm", ["config", "get", "manage-package-manager-versions"]);
    expect(pnpm.stdout.trim()).toBe("false");
  });
});
