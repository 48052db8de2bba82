import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { programOf, SNIPPET_DIR } from "./program.js";
import type { WorkspacePackage } from "./sources.js";

/** The module specifier of a package's entry point (`.` → the name, `./node` → `name/node`). */
const specifierOf = (pkg: WorkspacePackage, subpath: string) => `${pkg.name}${subpath.slice(1)}`;

/** For each package: every name its entry points export, mapped to the first entry point exporting it. */
function packageExports(packages: readonly WorkspacePackage[]): Map<string, Map<string, string>> {
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
export function moduleExports(path: string): Set<string> {
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

/**
 * For each published package (by directory): the names an `@example` of its sources may use
 * without importing them, each with the module to import it from: the package's own exports
 * first, then the other packages' in workspace order.
 */
export function exportsInScope(published: readonly WorkspacePackage[]): Map<string, Map<string, string>> {
  const exported = packageExports(published);
  return new Map(
    published.map((home) => {
      const names = new Map<string, string>();
      for (const pkg of [home, ...published.filter((p) => p !== home)])
        for (const [name, specifier] of exported.get(pkg.dir) ?? [])
          if (!names.has(name)) names.set(name, specifier);
      return [home.dir, names] as const;
    }),
  );
}
