import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import {
  carriedImports,
  type ImportBinding,
  identifiersIn,
  importStatement,
  importsOf,
  topLevelNames,
} from "./scope.js";
import { type Snippet, snippetId } from "./snippet.js";
import type { WorkspacePackage } from "./sources.js";

/** One compiler error in a snippet, at a line of the documented file. */
export interface Problem {
  readonly line: number;
  readonly code: number;
  readonly message: string;
}

const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));
const PRELUDE = join(PACKAGE_DIR, "src", "prelude.d.ts");
/** Where the snippets are placed for module resolution: inside this package, which depends on every `@mcpkit` package. */
const SNIPPET_DIR = join(PACKAGE_DIR, ".snippets");

/** What a user's strict project would use on Node: the documented packages' built declarations, `strict: true`. */
export const compilerOptions: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ["lib.es2023.d.ts"],
  types: ["node"],
  skipLibCheck: true,
  noEmit: true,
};

/** A program over some in-memory files (by absolute path) and the files they import from disk. */
function programOf(files: ReadonlyMap<string, string>, extraRoots: readonly string[] = []): ts.Program {
  const host = ts.createCompilerHost(compilerOptions, true);
  const fromDisk = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError, shouldCreate) => {
    const text = files.get(fileName);
    return text === undefined
      ? fromDisk(fileName, language, onError, shouldCreate)
      : ts.createSourceFile(fileName, text, language, true);
  };
  host.fileExists = (fileName) => files.has(fileName) || ts.sys.fileExists(fileName);
  host.readFile = (fileName) => files.get(fileName) ?? ts.sys.readFile(fileName);
  return ts.createProgram({ rootNames: [...extraRoots, ...files.keys()], options: compilerOptions, host });
}

/** The module specifier of a package's entry point (`.` → the name, `./node` → `name/node`). */
const specifierOf = (pkg: WorkspacePackage, subpath: string) => `${pkg.name}${subpath.slice(1)}`;

/** For each package: every name its entry points export, mapped to the first entry point exporting it. */
function exportsOf(packages: readonly WorkspacePackage[]): Map<string, Map<string, string>> {
  const probes = new Map<string, string>();
  for (const [index, pkg] of packages.entries()) {
    const text = pkg.entryPoints.map(
      (subpath, i) => `import * as e${i} from ${JSON.stringify(specifierOf(pkg, subpath))};`,
    );
    probes.set(join(SNIPPET_DIR, `probe-${index}.ts`), `${text.join("\n")}\nexport {};\n`);
  }
  const empty = join(SNIPPET_DIR, "probe-globals.ts");
  probes.set(empty, "export {};\n");
  const program = programOf(probes);
  const checker = program.getTypeChecker();
  const emptyFile = program.getSourceFile(empty);
  // A global (`Request`, `Response`) keeps its meaning: an export of the same name is not imported for it.
  const globals = new Set(
    emptyFile
      ? checker.getSymbolsInScope(emptyFile, ts.SymbolFlags.Type | ts.SymbolFlags.Value).map((s) => s.name)
      : [],
  );
  const result = new Map<string, Map<string, string>>();
  for (const [index, pkg] of packages.entries()) {
    const names = new Map<string, string>();
    const file = program.getSourceFile(join(SNIPPET_DIR, `probe-${index}.ts`));
    for (const statement of file?.statements.filter(ts.isImportDeclaration) ?? []) {
      const module = checker.getSymbolAtLocation(statement.moduleSpecifier);
      const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
      for (const symbol of module ? checker.getExportsOfModule(module) : [])
        if (!names.has(symbol.name) && !globals.has(symbol.name)) names.set(symbol.name, specifier);
    }
    result.set(pkg.dir, names);
  }
  return result;
}

/**
 * The names a source module exports by its own declarations: an `@example` of an internal module
 * (one its package does not export) uses them from the module itself.
 */
function moduleExports(path: string): Set<string> {
  const file = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  for (const statement of file.statements) {
    const exported =
      ts.canHaveModifiers(statement) &&
      ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (exported && ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations)
        if (ts.isIdentifier(d.name)) names.add(d.name.text);
    } else if (
      exported &&
      "name" in statement &&
      statement.name &&
      ts.isIdentifier(statement.name as ts.Node)
    ) {
      names.add((statement.name as ts.Identifier).text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) names.add(element.name.text);
    }
  }
  return names;
}

/** The package a source file belongs to (`packages/core/src/x.ts` → `packages/core`). */
const packageDirOf = (file: string) => file.split("/").slice(0, 2).join("/");

/**
 * The import lines put in front of a snippet:
 * - markdown: the imports of the page's earlier snippets, so a block that continues an earlier
 *   one does not repeat them;
 * - `@example`: the names it uses from the published packages, its own package's first, which an
 *   example next to the API leaves out.
 */
function headerOf(
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

/**
 * Type-checks every snippet as a module of its own, in one program, and returns each snippet's
 * problems by `file:line` id (an empty list when it compiles). Besides the header (see
 * {@link headerOf}), the names declared in `src/prelude.d.ts` are in scope.
 */
export function checkSnippets(
  snippets: readonly Snippet[],
  packages: readonly WorkspacePackage[],
  root: string,
): Map<string, Problem[]> {
  const published = packages.filter((pkg) => pkg.published && pkg.entryPoints.length > 0);
  const exported = exportsOf(published);
  // Each package's own exports first, then the other packages' in workspace order.
  const homes = new Map(
    published.map((home) => {
      const names = new Map<string, string>();
      for (const pkg of [home, ...published.filter((p) => p !== home)])
        for (const [name, specifier] of exported.get(pkg.dir) ?? [])
          if (!names.has(name)) names.set(name, specifier);
      return [home.dir, names] as const;
    }),
  );
  const files = new Map<string, string>();
  const placed: { snippet: Snippet; fileName: string; headerLines: number }[] = [];
  const importsSoFar = new Map<string, ImportBinding[]>();
  for (const [index, snippet] of snippets.entries()) {
    const earlier = importsSoFar.get(snippet.file) ?? [];
    const header = headerOf(snippet, earlier, homes.get(packageDirOf(snippet.file)), root);
    importsSoFar.set(snippet.file, [...earlier, ...importsOf(snippet.code)]);
    const fileName = join(SNIPPET_DIR, `snippet-${index}.ts`);
    files.set(fileName, `${[...header, snippet.code].join("\n")}\nexport {};\n`);
    placed.push({ snippet, fileName, headerLines: header.length });
  }
  const program = programOf(files, [PRELUDE]);
  const results = new Map<string, Problem[]>();
  for (const { snippet, fileName, headerLines } of placed) {
    const file = program.getSourceFile(fileName);
    const diagnostics = file
      ? [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]
      : [];
    results.set(
      snippetId(snippet),
      diagnostics.map((d) => {
        const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : 0;
        return {
          // The code starts on the line after the fence; header lines are not in the documented file.
          line: snippet.line + 1 + at - headerLines,
          code: d.code,
          message: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
        };
      }),
    );
  }
  return results;
}
