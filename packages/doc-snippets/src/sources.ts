import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { markdownSnippets } from "./markdown.js";
import type { Snippet } from "./snippet.js";
import { tsdocSnippets } from "./tsdoc.js";

/** A workspace package, as far as snippets care. */
export interface WorkspacePackage {
  /** Its directory, relative to the repository root (`packages/core`). */
  readonly dir: string;
  readonly name: string;
  readonly published: boolean;
  /** The subpaths of its `exports` that are modules (`.`, `./node`; no patterns, no package.json). */
  readonly entryPoints: readonly string[];
}

export function workspacePackages(root: string): WorkspacePackage[] {
  return readdirSync(join(root, "packages"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, "packages", entry.name, "package.json")))
    .map((entry) => {
      const dir = `packages/${entry.name}`;
      const manifest = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as {
        name: string;
        private?: boolean;
        exports?: Record<string, unknown>;
      };
      const entryPoints = Object.keys(manifest.exports ?? {}).filter(
        (subpath) => !subpath.includes("*") && !subpath.endsWith(".json"),
      );
      return { dir, name: manifest.name, published: manifest.private !== true, entryPoints };
    })
    .sort((a, b) => a.dir.localeCompare(b.dir));
}

/** Every `.ts` file under `dir` (not declarations), sorted. */
function typescriptFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
    .map((file) => join(dir, file))
    .sort();
}

const posix = (root: string, path: string) => relative(root, path).split(sep).join("/");

/**
 * Every documented snippet: the TypeScript blocks of README.md, docs/*.md and packages/*\/README.md,
 * and the `@example` blocks of the published packages' sources.
 */
export function collectSnippets(root: string): Snippet[] {
  const pages = [
    join(root, "README.md"),
    ...readdirSync(join(root, "docs"))
      .filter((file) => file.endsWith(".md"))
      .sort()
      .map((file) => join(root, "docs", file)),
    ...workspacePackages(root)
      .map((pkg) => join(root, pkg.dir, "README.md"))
      .filter((file) => existsSync(file)),
  ];
  const sources = workspacePackages(root)
    .filter((pkg) => pkg.published)
    .flatMap((pkg) => typescriptFiles(join(root, pkg.dir, "src")));
  return [
    ...pages.flatMap((page) => markdownSnippets(readFileSync(page, "utf8"), posix(root, page))),
    ...sources.flatMap((source) => tsdocSnippets(readFileSync(source, "utf8"), posix(root, source))),
  ];
}
