/** One TypeScript code block of the documentation. */
export interface Snippet {
  /** The file it is in, relative to the repository root, with `/` separators. */
  readonly file: string;
  /** The 1-based line of its opening fence. */
  readonly line: number;
  /** Its code, without the fences (and without the ` * ` of a TSDoc comment). */
  readonly code: string;
  /** Where it comes from: a markdown page, or an `@example` of a package's source. */
  readonly kind: "markdown" | "tsdoc";
  /** Why it is not checked, when a `<!-- snippet: skip REASON -->` comment precedes it. */
  readonly skip?: string;
}

/** How a snippet is named in test output and in the expected-failures list: `file:line`. */
export function snippetId(snippet: Pick<Snippet, "file" | "line">): string {
  return `${snippet.file}:${snippet.line}`;
}

/** The comment that exempts the next code block, with its reason: `<!-- snippet: skip REASON -->`. */
export const SKIP_COMMENT = /^<!--\s*snippet:\s*skip\s+(\S.*?)\s*-->$/;

/** A fence that opens a TypeScript block (its info string may carry more after the language). */
export const TS_FENCE = /^(`{3,}|~{3,})\s*(ts|typescript)(\s.*)?$/;
