import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { build, type Metafile, transform } from "esbuild";

/**
 * The conditions a runtime without Node's modules resolves with (Workers, browsers; Deno and Bun
 * read these too). `node` is never among them, so a `node`-conditioned twin is never followed.
 */
export const neutralConditions = ["workerd", "worker", "browser"];

/** The Node built-ins, bare and `node:`-prefixed. */
const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const isBuiltin = (specifier: string) => specifier.startsWith("node:") || builtins.has(specifier);

/** One built-in reached, with the chain of files (relative to `base`) that leads to it. */
export interface NodeImport {
  readonly builtin: string;
  readonly chain: readonly string[];
}

type ExportTarget = string | null | { readonly [condition: string]: ExportTarget } | readonly ExportTarget[];

/** The file an `exports` target resolves to under the neutral conditions (`import`, `default`). */
function resolveTarget(target: ExportTarget): string | undefined {
  if (typeof target === "string") return target;
  if (target === null) return undefined;
  if (Array.isArray(target)) {
    for (const t of target) {
      const found = resolveTarget(t);
      if (found) return found;
    }
    return undefined;
  }
  const map = target as { readonly [condition: string]: ExportTarget };
  for (const [condition, value] of Object.entries(map)) {
    if ([...neutralConditions, "import", "default"].includes(condition)) {
      const found = resolveTarget(value);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The JavaScript files a package's `exports` give a runtime without Node's modules: every subpath
 * but `./package.json` and those in `skip` (such as `./node`), resolved without the `node` condition.
 */
export function neutralEntries(packageDir: string, skip: readonly string[] = []): string[] {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
    exports?: Record<string, ExportTarget>;
  };
  return Object.entries(manifest.exports ?? {})
    .filter(([subpath]) => subpath !== "./package.json" && !skip.includes(subpath))
    .flatMap(([, target]) => {
      const file = resolveTarget(target);
      return file?.endsWith(".js") ? [join(packageDir, file)] : [];
    });
}

/**
 * Follows `entries` through every static and dynamic import (relative files, workspace packages
 * and third-party packages, each resolved by its `exports` under {@link neutralConditions}) and
 * returns every file reached and every Node built-in reached, with a shortest chain of files
 * (relative to `base`) leading to it.
 */
export async function followImports(entries: readonly string[], base: string): Promise<ImportGraph> {
  const result = await build({
    absWorkingDir: base,
    entryPoints: [...entries],
    bundle: true,
    write: false,
    metafile: true,
    logLevel: "silent",
    platform: "neutral",
    format: "esm",
    mainFields: ["module", "main"],
    conditions: neutralConditions,
    // Left external so they show up in the metafile as imports rather than failing resolution.
    external: [...builtins],
    outdir: join(base, ".import-graph-out"),
  });
  const files = Object.keys(result.metafile.inputs);
  return {
    files,
    builtins: builtinsIn(
      result.metafile,
      entries.map((e) => relative(base, e)),
    ),
  };
}

/** What {@link followImports} found: every file reached (relative to the base) and the built-ins. */
export interface ImportGraph {
  readonly files: readonly string[];
  readonly builtins: readonly NodeImport[];
}

/** Breadth-first from the entries, so each built-in is reported with a shortest chain. */
function builtinsIn(metafile: Metafile, entries: readonly string[]): NodeImport[] {
  const found: NodeImport[] = [];
  const seen = new Set<string>();
  let frontier: { file: string; chain: string[] }[] = entries.map((file) => ({ file, chain: [file] }));
  while (frontier.length > 0) {
    const next: typeof frontier = [];
    for (const { file, chain } of frontier) {
      if (seen.has(file)) continue;
      seen.add(file);
      for (const imported of metafile.inputs[file]?.imports ?? []) {
        const specifier = imported.original ?? imported.path;
        if (imported.external && isBuiltin(specifier)) found.push({ builtin: specifier, chain });
        else if (!imported.external) next.push({ file: imported.path, chain: [...chain, imported.path] });
      }
    }
    frontier = next;
  }
  return found;
}

/** Node's globals, which other runtimes lack (or only emulate). */
export const nodeGlobals = ["Buffer", "process", "require", "__dirname", "__filename", "setImmediate"];

/**
 * The Node globals a module's code refers to as free variables: a local binding of the same name
 * (a parameter called `process`) and the words in comments or strings are not references.
 */
export async function nodeGlobalsUsed(source: string): Promise<string[]> {
  const marker = "__node_global_";
  const define = Object.fromEntries(nodeGlobals.map((name) => [name, `${marker}${name}`]));
  const { code } = await transform(source, { loader: "js", format: "esm", define });
  return nodeGlobals.filter((name) => code.includes(`${marker}${name}`));
}
