import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { root, run } from "./processes.js";

/** The fields of package.json that name files a user's import or command reaches. */
export interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly main?: string;
  readonly types?: string;
  readonly bin?: string | Readonly<Record<string, string>>;
  readonly exports?: unknown;
  readonly dependencies?: Readonly<Record<string, string>>;
}

export const readManifest = (dir: string): Manifest =>
  JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;

/** The workspace's published packages by name, with their directories. */
function publishedPackages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(join(root, "packages"), { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = join(root, "packages", entry.name);
    try {
      const manifest = readManifest(dir);
      if (manifest.private !== true) found.set(manifest.name, dir);
    } catch {
      // Not a package.
    }
  }
  return found;
}

/**
 * Every published workspace package `dir`'s package.json depends on, directly or through
 * another: what a user installs along with it. Sorted by name.
 */
export function publishedClosure(dir: string): { name: string; dir: string }[] {
  const published = publishedPackages();
  const seen = new Map<string, string>();
  const queue = [readManifest(dir)];
  for (let manifest = queue.shift(); manifest !== undefined; manifest = queue.shift()) {
    for (const name of Object.keys(manifest.dependencies ?? {})) {
      const found = published.get(name);
      if (found === undefined || seen.has(name)) continue;
      seen.set(name, found);
      queue.push(readManifest(found));
    }
  }
  return [...seen]
    .map(([name, found]) => ({ name, dir: found }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Each file the manifest names (exports under every condition, main, types, bin), with where. */
export function namedFiles(manifest: Manifest): { file: string; from: string }[] {
  const named: { file: string; from: string }[] = [];
  const walk = (value: unknown, from: string) => {
    if (typeof value === "string") named.push({ file: value, from });
    else if (value !== null && typeof value === "object")
      for (const [key, nested] of Object.entries(value)) walk(nested, `${from}[${JSON.stringify(key)}]`);
  };
  walk(manifest.exports, "exports");
  if (manifest.main !== undefined) named.push({ file: manifest.main, from: "main" });
  if (manifest.types !== undefined) named.push({ file: manifest.types, from: "types" });
  if (typeof manifest.bin === "string") named.push({ file: manifest.bin, from: "bin" });
  else walk(manifest.bin, "bin");
  // Patterns ("./*") name no one file.
  return named.filter(({ file }) => !file.includes("*"));
}

/** The files in a tarball, without npm's leading `package/`. */
export async function tarballFiles(tarball: string): Promise<Set<string>> {
  const listed = await run("tar", ["-tzf", tarball], { ms: 30_000 });
  if (listed.code !== 0) throw new Error(`tar -tzf ${tarball} failed: ${listed.stderr}`);
  return new Set(
    listed.stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => line.replace(/^package\//, "")),
  );
}

/**
 * What a package's tarball lacks: one line per file its package.json names that is not in it,
 * e.g. `@mcpkit/core: dist/index.js (exports["."]["default"]) is not in core-0.1.0.tgz`.
 */
export function missingFiles(manifest: Manifest, files: ReadonlySet<string>, tarball: string): string[] {
  return namedFiles(manifest)
    .filter(({ file }) => !files.has(file.replace(/^\.\//, "")))
    .map(({ file, from }) => `${manifest.name}: ${file.replace(/^\.\//, "")} (${from}) is not in ${tarball}`);
}

/** `pnpm pack` of the package in `dir` into `destination`: the tarball's path. */
export async function pack(dir: string, destination: string): Promise<string> {
  const packed = await run("pnpm", ["pack", "--pack-destination", destination], { cwd: dir, ms: 60_000 });
  if (packed.code !== 0)
    throw new Error(`pnpm pack in ${dir} failed (${packed.code}):\n${packed.stdout}${packed.stderr}`);
  const tarball = packed.stdout
    .trim()
    .split("\n")
    .reverse()
    .find((line) => line.endsWith(".tgz"));
  if (tarball === undefined) throw new Error(`pnpm pack in ${dir} named no tarball:\n${packed.stdout}`);
  // pnpm 10 prints the full path; older versions the file's name.
  return tarball.startsWith("/") ? tarball : join(destination, tarball);
}
