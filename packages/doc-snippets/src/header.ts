import { join } from "node:path";
import { moduleExports } from "./exports.js";
import {
  carriedImports,
  type ImportBinding,
  identifiersIn,
  importStatement,
  topLevelNames,
} from "./scope.js";
import type { Snippet } from "./snippet.js";

/** The package a source file belongs to (`packages/core/src/x.ts` → `packages/core`). */
export const packageDirOf = (file: string) => file.split("/").slice(0, 2).join("/");

/**
 * The import lines put in front of a snippet:
 * - markdown: the imports of the page's earlier snippets, so a block that continues an earlier
 *   one does not repeat them;
 * - `@example`: the names it uses from the published packages, its own package's first, which an
 *   example next to the API leaves out.
 */
export function headerOf(
  snippet: Snippet,
  earlier: readonly ImportBinding[],
  home: ReadonlyMap<string, string> | undefined,
  root: string,
): string[] {
  if (snippet.kind === "markdown") return carriedImports(earlier, snippet.code).map(importStatement);
  if (!home) return [];
  const own = topLevelNames(snippet.code);
  const source = join(root, snippet.file);
  const module = new Map([...moduleExports(source)].map((name) => [name, source.replace(/\.ts$/, ".js")]));
  const bySpecifier = new Map<string, string[]>();
  for (const name of identifiersIn(snippet.code)) {
    const specifier = home.get(name) ?? module.get(name);
    if (specifier === undefined || own.has(name)) continue;
    bySpecifier.set(specifier, [...(bySpecifier.get(specifier) ?? []), name]);
  }
  return [...bySpecifier].map(
    ([specifier, names]) => `import { ${names.sort().join(", ")} } from ${JSON.stringify(specifier)};`,
  );
}
