import { builtinModules } from "node:module";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const srcDir = join(import.meta.dirname, "..", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Every module specifier in a file: static imports and exports, dynamic imports, require calls. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\bfrom\s+["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']/g,
    /\bimport\s+["']([^"']+)["']/g,
    /\brequire\s*\(\s*["']([^"']+)["']/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

const nodeOnly = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/**
 * The one allowed exception: a module that package.json's `imports` picks only under the `node`
 * condition (other runtimes get its `default` twin). There is none at present.
 */
const packageJson = JSON.parse(readFileSync(join(srcDir, "..", "package.json"), "utf8")) as {
  imports?: Record<string, { node?: string; default?: string }>;
};
const nodeConditioned = Object.values(packageJson.imports ?? {}).map((targets) => {
  expect(targets.default, "a node-only module needs a default twin").toBeDefined();
  return join(
    srcDir,
    "..",
    String(targets.node)
      .replace(/^\.\/dist\//, "src/")
      .replace(/\.js$/, ".ts"),
  );
});

describe("runtime neutrality", () => {
  const files = sourceFiles(srcDir).filter((file) => !nodeConditioned.includes(file));

  it("exempts exactly the node-condition modules of package.json imports", () => {
    expect(nodeConditioned.map((file) => relative(srcDir, file))).toEqual([]);
  });

  it("finds the sources", () => {
    expect(files.length).toBeGreaterThan(8);
  });

  it("imports nothing from node: (or any Node built-in) in src", () => {
    const offenders = files.flatMap((file) =>
      specifiers(readFileSync(file, "utf8"))
        .filter((s) => s.startsWith("node:") || nodeOnly.has(s))
        .map((s) => `${relative(srcDir, file)}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it("uses no Node globals (Buffer, process, require) in src", () => {
    const offenders = files.filter((file) => {
      const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
      return /\b(Buffer|process|require|__dirname|setImmediate)\b/.test(code);
    });
    expect(offenders.map((f) => relative(srcDir, f))).toEqual([]);
  });

  it("would catch one", () => {
    expect(specifiers('import { x } from "node:fs";\nconst y = await import("node:path");')).toEqual([
      "node:fs",
      "node:path",
    ]);
    expect(nodeOnly.has("crypto")).toBe(true);
  });
});
