import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { checkSnippets, type Problem } from "../src/check.js";
import { isTolerated, toleratedProblems } from "../src/expected-failures.js";
import { snippetId } from "../src/snippet.js";
import { collectSnippets, workspacePackages } from "../src/sources.js";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const snippets = collectSnippets(root);
const checked = snippets.filter((snippet) => snippet.skip === undefined);
let results: Map<string, Problem[]>;

beforeAll(() => {
  // One program for all of them: type-checking each alone would cost seconds apiece.
  results = checkSnippets(checked, workspacePackages(root), root);
});

const show = (problems: readonly Problem[]) =>
  problems.map((p) => `line ${p.line}: TS${p.code} ${p.message}`);

describe("every documented TypeScript snippet compiles under strict", () => {
  for (const snippet of checked) {
    const id = snippetId(snippet);
    it(id, () => {
      const problems = results.get(id);
      expect(problems, `${id} was not checked`).toBeDefined();
      expect(show((problems ?? []).filter((p) => !isTolerated(p)))).toEqual([]);
    });
  }
});

describe("the checks themselves", () => {
  it("find the snippets of the docs, the READMEs and the published packages' @example blocks", () => {
    const files = new Set(snippets.map((s) => s.file));
    for (const file of [
      "docs/http.md",
      "docs/server.md",
      "packages/core/README.md",
      "packages/core/src/errors.ts",
    ])
      expect(files, file).toContain(file);
    expect(snippets.filter((s) => s.kind === "tsdoc").length).toBeGreaterThan(100);
    expect(snippets.filter((s) => s.kind === "markdown").length).toBeGreaterThan(30);
    // Private packages' sources are not published documentation.
    expect([...files].filter((f) => /^packages\/(reference|mutants|bench)\/src\//.test(f))).toEqual([]);
  });

  it("skip no snippet without a reason, and only these", () => {
    const skipped = snippets.filter((s) => s.skip !== undefined).map((s) => `${snippetId(s)}: ${s.skip}`);
    expect(skipped).toEqual([]);
  });

  it("every tolerated problem still occurs (remove it from expected-failures.ts once fixed)", () => {
    const all = [...results.values()].flat();
    for (const tolerated of toleratedProblems)
      expect(
        all.some((p) => p.code === tolerated.code && tolerated.message.test(p.message)),
        tolerated.reason,
      ).toBe(true);
  });
});
