import { markdownSnippets } from "./markdown.js";
import type { Snippet } from "./snippet.js";

const DOC_COMMENT = /\/\*\*[\s\S]*?\*\//g;

/** A doc comment's text, one entry per line, without the comment's `/**`, `*` and `*\/`. */
function commentLines(comment: string): string[] {
  return comment
    .replace(/^\/\*\*/, "")
    .replace(/\*\/$/, "")
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*\* ?/, ""));
}

/**
 * The TypeScript code blocks of the `@example` sections of a source file's doc comments, with the
 * file line of each opening fence. A section runs from its `@example` tag to the next tag.
 */
export function tsdocSnippets(source: string, file: string): Snippet[] {
  const snippets: Snippet[] = [];
  for (const match of source.matchAll(DOC_COMMENT)) {
    if (!match[0].includes("@example")) continue;
    const firstLine = source.slice(0, match.index).split("\n").length - 1;
    const lines = commentLines(match[0]);
    let start = -1;
    for (let i = 0; i <= lines.length; i += 1) {
      const line = lines[i];
      const tag = line === undefined ? "@end" : /^\s*(@\w+)/.exec(line)?.[1];
      if (tag === undefined) continue;
      if (start >= 0) {
        const section = lines.slice(start, i).join("\n");
        snippets.push(...markdownSnippets(section, file, "tsdoc", firstLine + start));
      }
      start = tag === "@example" ? i + 1 : -1;
    }
  }
  return snippets;
}
