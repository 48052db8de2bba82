import ts from "typescript";

/** One name an import statement binds, enough to write the statement again. */
export interface ImportBinding {
  readonly local: string;
  readonly module: string;
  readonly form: "default" | "namespace" | "named";
  /** For a named import: the exported name, when it differs from `local`. */
  readonly imported?: string;
  readonly typeOnly: boolean;
}

function parse(code: string): ts.SourceFile {
  return ts.createSourceFile("snippet.ts", code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** The names an import declaration binds. */
function bindingsOf(node: ts.ImportDeclaration): ImportBinding[] {
  const clause = node.importClause;
  if (!clause || !ts.isStringLiteral(node.moduleSpecifier)) return [];
  const module = node.moduleSpecifier.text;
  const typeOnly = clause.isTypeOnly;
  const found: ImportBinding[] = [];
  if (clause.name) found.push({ local: clause.name.text, module, form: "default", typeOnly });
  const named = clause.namedBindings;
  if (named && ts.isNamespaceImport(named))
    found.push({ local: named.name.text, module, form: "namespace", typeOnly });
  if (named && ts.isNamedImports(named)) {
    for (const element of named.elements) {
      found.push({
        local: element.name.text,
        module,
        form: "named",
        ...(element.propertyName ? { imported: element.propertyName.text } : {}),
        typeOnly: typeOnly || element.isTypeOnly,
      });
    }
  }
  return found;
}

/** The import bindings of a snippet, in order. */
export function importsOf(code: string): ImportBinding[] {
  return parse(code).statements.filter(ts.isImportDeclaration).flatMap(bindingsOf);
}

/** The names of a binding pattern or identifier. */
function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) =>
    ts.isOmittedExpression(element) ? [] : boundNames(element.name),
  );
}

/** Every name a snippet declares or imports at its top level. */
export function topLevelNames(code: string): Set<string> {
  const names = new Set<string>();
  for (const statement of parse(code).statements) {
    if (ts.isImportDeclaration(statement)) for (const b of bindingsOf(statement)) names.add(b.local);
    else if (ts.isVariableStatement(statement))
      for (const d of statement.declarationList.declarations)
        for (const n of boundNames(d.name)) names.add(n);
    else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement) ||
        ts.isModuleDeclaration(statement)) &&
      statement.name &&
      ts.isIdentifier(statement.name)
    )
      names.add(statement.name.text);
  }
  return names;
}

/** Every identifier that appears in a snippet (a superset of the free names it uses). */
export function identifiersIn(code: string): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(parse(code));
  return names;
}

/** An import statement for one binding. */
export function importStatement(binding: ImportBinding): string {
  const type = binding.typeOnly ? "type " : "";
  const from = JSON.stringify(binding.module);
  if (binding.form === "default") return `import ${type}${binding.local} from ${from};`;
  if (binding.form === "namespace") return `import ${type}* as ${binding.local} from ${from};`;
  const name = binding.imported === undefined ? binding.local : `${binding.imported} as ${binding.local}`;
  return `import ${type}{ ${name} } from ${from};`;
}

/**
 * The bindings of `earlier` that are still in scope for `code`: each name once (the first import of
 * it wins), and none that `code` declares or imports itself.
 */
export function carriedImports(earlier: readonly ImportBinding[], code: string): ImportBinding[] {
  const own = topLevelNames(code);
  const seen = new Set<string>();
  return earlier.filter((binding) => {
    if (own.has(binding.local) || seen.has(binding.local)) return false;
    seen.add(binding.local);
    return true;
  });
}
