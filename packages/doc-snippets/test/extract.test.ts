import { describe, expect, it } from "vitest";
import { markdownSnippets } from "../src/markdown.js";
import { carriedImports, importStatement, importsOf } from "../src/scope.js";
import { tsdocSnippets } from "../src/tsdoc.js";

describe("markdown snippets", () => {
  it("are the ts and typescript blocks, each with its fence's line, indentation removed", () => {
    const page = [
      "# Title", //                      1
      "```ts", //                        2
      "const a = 1;", //                 3
      "```", //                          4
      "```sh", //                        5
      "```ts inside sh is not a block", // 6
      "```", //                          7
      "- a list item:", //               8
      "", //                             9
      "  ```typescript", //              10
      "  const b = 2;", //               11
      "  ```", //                        12
    ].join("\n");
    expect(markdownSnippets(page, "docs/x.md")).toEqual([
      { file: "docs/x.md", line: 2, code: "const a = 1;", kind: "markdown" },
      { file: "docs/x.md", line: 10, code: "const b = 2;", kind: "markdown" },
    ]);
  });

  it("carry the reason of a `<!-- snippet: skip REASON -->` comment before them", () => {
    const page = [
      "<!-- snippet: skip pseudo-code of the wire format -->",
      "",
      "```ts",
      "POST /mcp",
      "```",
    ].join("\n");
    expect(markdownSnippets(page, "docs/x.md")).toEqual([
      {
        file: "docs/x.md",
        line: 3,
        code: "POST /mcp",
        kind: "markdown",
        skip: "pseudo-code of the wire format",
      },
    ]);
    // No reason, no skip.
    expect(markdownSnippets("<!-- snippet: skip -->\n```ts\nx;\n```", "a.md")[0]?.skip).toBeUndefined();
  });
});

describe("@example snippets", () => {
  it("are the blocks of @example sections, at their lines in the source file", () => {
    const source = [
      "/**", //                    1
      " * Does a thing.", //       2
      " *", //                     3
      " * ```ts", //               4  (not in an @example section)
      " * notAnExample();", //     5
      " * ```", //                 6
      " * @example Titled", //     7
      " * ```ts", //               8
      " * const x = thing();", //  9
      " * ```", //                 10
      " * @param y ignored", //    11
      " */", //                    12
      "export function thing() {}",
    ].join("\n");
    expect(tsdocSnippets(source, "packages/p/src/a.ts")).toEqual([
      { file: "packages/p/src/a.ts", line: 8, code: "const x = thing();", kind: "tsdoc" },
    ]);
  });
});

describe("a page's imports", () => {
  it("stay in scope for its later snippets, except names a snippet declares or imports itself", () => {
    const earlier = [
      ...importsOf(
        'import { Server } from "@mcpkit/server";\nimport type { Client as C } from "@mcpkit/client";',
      ),
      ...importsOf('import * as v from "valibot";\nimport { Server } from "elsewhere";'),
    ];
    const carried = carriedImports(earlier, "const v = 1;\nnew Server(info);");
    expect(carried.map(importStatement)).toEqual([
      'import { Server } from "@mcpkit/server";',
      'import type { Client as C } from "@mcpkit/client";',
    ]);
  });
});
