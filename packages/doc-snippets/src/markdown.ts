import { SKIP_COMMENT, type Snippet, TS_FENCE } from "./snippet.js";

const ANY_FENCE = /^(`{3,}|~{3,})(.*)$/;

/** Whether `line` closes a block opened by `marker` (same character, at least as long, nothing else). */
function closes(line: string, marker: string): boolean {
  const trimmed = line.trim();
  const char = marker[0] ?? "`";
  return trimmed.length >= marker.length && [...trimmed].every((c) => c === char);
}

/** Removes up to `indent` leading spaces: a block inside a list item is indented as a whole. */
function outdent(line: string, indent: number): string {
  let i = 0;
  while (i < indent && line[i] === " ") i += 1;
  return line.slice(i);
}

/**
 * The TypeScript code blocks (```ts or ```typescript) of a markdown text, with the line of each
 * opening fence. A block right after a `<!-- snippet: skip REASON -->` line (blank lines between
 * are allowed) carries that reason. Blocks in other languages are passed over whole, so a fence
 * inside them is not mistaken for one.
 */
export function markdownSnippets(
  text: string,
  file: string,
  kind: Snippet["kind"] = "markdown",
  lineOffset = 0,
): Snippet[] {
  const lines = text.split(/\r?\n/);
  const snippets: Snippet[] = [];
  let previous = "";
  for (let i = 0; i < lines.length; i += 1) {
    const raw = lines[i] ?? "";
    const trimmed = raw.trim();
    const fence = ANY_FENCE.exec(trimmed);
    if (!fence) {
      if (trimmed !== "") previous = trimmed;
      continue;
    }
    const marker = fence[1] ?? "```";
    const indent = raw.length - raw.trimStart().length;
    let end = i + 1;
    while (end < lines.length && !closes(lines[end] ?? "", marker)) end += 1;
    if (TS_FENCE.test(trimmed)) {
      const skip = SKIP_COMMENT.exec(previous)?.[1];
      snippets.push({
        file,
        line: lineOffset + i + 1,
        code: lines
          .slice(i + 1, end)
          .map((line) => outdent(line, indent))
          .join("\n"),
        kind,
        ...(skip === undefined ? {} : { skip }),
      });
    }
    previous = "";
    i = end;
  }
  return snippets;
}
