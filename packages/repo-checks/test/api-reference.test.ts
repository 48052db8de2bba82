import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { entryPoints } from "./entry-points.js";
import { published, root } from "./workspace.js";

/**
 * The API reference (`pnpm run docs`, typedoc) covers every module entry point of every published
 * package: the root typedoc.json lists the package, and the entry points typedoc reads for it (its
 * own typedoc.json, else `src/index.ts`) include the source of each `exports` subpath's types.
 */
interface TypedocConfig {
  readonly entryPoints?: readonly string[];
  readonly packageOptions?: { readonly entryPoints?: readonly string[] };
}
const rootConfig = JSON.parse(readFileSync(join(root, "typedoc.json"), "utf8")) as TypedocConfig;

/** The `types` targets of one `exports` entry, each as its source file (`./dist/x.d.ts` → `src/x.ts`). */
function typeSources(target: unknown): string[] {
  if (typeof target !== "object" || target === null) return [];
  return Object.entries(target).flatMap(([condition, value]) =>
    condition === "types" && typeof value === "string"
      ? [value.replace(/^\.\/dist\//, "src/").replace(/\.d\.ts$/, ".ts")]
      : typeSources(value),
  );
}

const modules = published().filter(({ manifest }) => entryPoints(manifest).length > 0);

describe("the API reference", () => {
  it("lists every published package with modules, and nothing else", () => {
    expect(modules.length).toBeGreaterThanOrEqual(12);
    expect([...(rootConfig.entryPoints ?? [])].sort()).toEqual(modules.map(({ dir }) => dir).sort());
  });

  it.each(modules)("reads every entry point of $manifest.name", ({ dir, manifest }) => {
    const own = join(root, dir, "typedoc.json");
    const config = existsSync(own) ? (JSON.parse(readFileSync(own, "utf8")) as TypedocConfig) : {};
    const read = config.entryPoints ?? rootConfig.packageOptions?.entryPoints ?? [];
    for (const file of read) expect(existsSync(join(root, dir, file)), `${dir}/${file}`).toBe(true);
    const exportsMap = (manifest.exports ?? {}) as Record<string, unknown>;
    const missing = entryPoints(manifest).filter((specifier) => {
      const subpath = specifier === manifest.name ? "." : `.${specifier.slice(manifest.name.length)}`;
      return !typeSources(exportsMap[subpath]).some((source) => read.includes(source));
    });
    expect(missing).toEqual([]);
  });
});
