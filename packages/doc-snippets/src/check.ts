import { join } from "node:path";
import ts from "typescript";
import { exportsInScope } from "./exports.js";
import { headerOf, packageDirOf } from "./header.js";
import { PRELUDE, programOf, SNIPPET_DIR } from "./program.js";
import { type ImportBinding, importsOf } from "./scope.js";
import { type Snippet, snippetId } from "./snippet.js";
import type { WorkspacePackage } from "./sources.js";

/** One compiler error in a snippet, at a line of the documented file. */
export interface Problem {
  readonly line: number;
  readonly code: number;
  readonly message: string;
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
  const homes = exportsInScope(packages.filter((pkg) => pkg.published && pkg.entryPoints.length > 0));
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
