import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/**
 * The path of a binary shipped in an npm package: `pkg` itself (`inner` unset) or the platform
 * package it depends on (`@oven/bun-linux-x64` beside `bun`), found through the dependency's own
 * resolution, so no install script has to have run. Throws when it is missing: a runtime that
 * cannot be installed fails the run rather than being skipped.
 */
function shipped(pkg: string, file: string, inner?: string): string {
  const outer = require.resolve(`${pkg}/package.json`);
  const dir = inner ? dirname(createRequire(outer).resolve(`${inner}/package.json`)) : dirname(outer);
  const path = join(dir, file);
  if (!existsSync(path))
    throw new Error(`${pkg}: no ${file} in ${dir}; is the package installed for this platform?`);
  return path;
}

/**
 * Bun's binary: in its platform package, unless bun's install script (allowed to run by
 * `onlyBuiltDependencies`, for the examples' `bun` command) has moved it to `bun/bin/bun.exe`.
 */
function bunBinary(): string {
  try {
    return shipped("bun", "bin/bun", "@oven/bun-linux-x64");
  } catch {
    return shipped("bun", "bin/bun.exe");
  }
}

/** The real runtimes, each from its npm package (devDependencies of this package). */
export const binaries = {
  node22: () => shipped("node22", "bin/node"),
  node24: () => shipped("node24", "bin/node"),
  node26: () => shipped("node26", "bin/node"),
  bun: bunBinary,
  deno: () => shipped("deno", "deno", "@deno/linux-x64-glibc"),
  workerd: () => shipped("workerd", "bin/workerd", "@cloudflare/workerd-linux-64"),
};

/** Debian's Chromium (`apt-get install chromium`): never a browser download. */
export const chromium = "/usr/bin/chromium";
