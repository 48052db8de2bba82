import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const PACKAGE_DIR = fileURLToPath(new URL("..", import.meta.url));
export const PRELUDE = join(PACKAGE_DIR, "src", "prelude.d.ts");
/** Where the snippets are placed for module resolution: inside this package, which depends on every `@mcpkit` package. */
export const SNIPPET_DIR = join(PACKAGE_DIR, ".snippets");

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
export function programOf(
  files: ReadonlyMap<string, string>,
  extraRoots: readonly string[] = [],
): ts.Program {
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
