/**
 * Gives bundled classes back their own names. esbuild turns a top-level `class McpError` into
 * `var McpError = class _McpError`, with an inner name, whenever the class body refers to itself
 * (`new McpError(...)` in a static method): `McpError.name` is then "_McpError", and so is what
 * `console.log(error)` prints. esbuild's `keepNames` would fix that but also wraps every function
 * and arrow, nested ones included, in a `__name` call, which would cost a `defineProperty` each time
 * a closure is created on a hot path. Renaming the inner binding back is exact and costs nothing:
 * inside the class body the inner name and the outer `var` are the same class.
 */
import ts from "typescript";

/** `code` with every `var X = class _X…` renamed to `var X = class X…`, or `code` itself if none. */
export function restoreClassNames(code, fileName = "bundle.js") {
  if (!/= class _\w/.test(code)) return code;
  const file = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const edits = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const value = declaration.initializer;
      if (!ts.isIdentifier(declaration.name) || !value || !ts.isClassExpression(value) || !value.name)
        continue;
      const outer = declaration.name.text;
      const inner = value.name.text;
      if (inner === outer) continue;
      const uses = [];
      const visit = (node) => {
        if (ts.isIdentifier(node) && (node.text === inner || node.text === outer)) uses.push(node);
        ts.forEachChild(node, visit);
      };
      visit(value);
      // An `outer` already inside the class would be captured by the renamed inner binding.
      const clash = uses.find((node) => node.text === outer);
      if (clash)
        throw new Error(
          `${fileName}: cannot restore the name of class ${outer} (bundled as ${inner}): the class body also refers to another "${outer}"`,
        );
      for (const node of uses) edits.push({ start: node.getStart(file), end: node.end, text: outer });
    }
  }
  edits.sort((a, b) => b.start - a.start);
  let result = code;
  for (const { start, end, text } of edits) result = result.slice(0, start) + text + result.slice(end);
  return result;
}
