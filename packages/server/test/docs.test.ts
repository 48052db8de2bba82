import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..", "..", "..");
const doc = readFileSync(resolve(root, "docs/server.md"), "utf8");

/** Each `<!-- example: path -->` marker and the ```ts block after it. */
function examples(): { path: string; code: string }[] {
  const pattern = /<!-- example: (\S+) -->\n```ts\n([\s\S]*?)```/g;
  return [...doc.matchAll(pattern)].map((m) => ({ path: m[1] as string, code: m[2] as string }));
}

describe("docs/server.md", () => {
  it("embeds the type-checked examples verbatim", () => {
    const found = examples();
    expect(found.map((e) => e.path)).toEqual([
      "examples/tools.ts",
      "examples/standard-schema.ts",
      "examples/elicitation.ts",
      "examples/resources.ts",
      "examples/prompts.ts",
      "examples/stdio.ts",
    ]);
    for (const { path, code } of found) {
      expect(code, path).toBe(readFileSync(resolve(root, "packages/server", path), "utf8"));
    }
  });

  it("has no untested ts blocks", () => {
    expect(doc.match(/```ts/g)?.length).toBe(examples().length);
  });
});
