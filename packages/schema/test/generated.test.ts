import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { generatedFiles, staleFiles } from "../scripts/generate.js";
import { revisions } from "../src/revisions.js";

describe("generated files", () => {
  it("match what the schema source produces (run `pnpm --filter @mcpkit/schema generate` if not)", () => {
    expect(staleFiles()).toEqual([]);
  });

  it("cover every revision with a schema, types, validators and a method table", () => {
    const paths = [...generatedFiles().keys()];
    for (const revision of revisions) {
      expect(paths).toContain(`schemas/${revision}.json`);
      for (const file of ["types.ts", "validators.ts", "methods.ts", "index.ts"]) {
        expect(paths).toContain(`src/generated/${revision}/${file}`);
      }
    }
  });

  it("never evaluate code at run time and need nothing from ajv", () => {
    for (const revision of revisions) {
      const code = readFileSync(
        resolve(import.meta.dirname, `../src/generated/${revision}/validators.ts`),
        "utf8",
      );
      expect(code).not.toMatch(/\beval\(|new Function|\brequire\(|from "ajv/);
    }
  });

  it("use the dialect of each revision", () => {
    const dialects = revisions.map((revision) => {
      const doc = JSON.parse(
        readFileSync(resolve(import.meta.dirname, `../schemas/${revision}.json`), "utf8"),
      );
      return [revision, doc.$schema, "$defs" in doc ? "$defs" : "definitions"];
    });
    expect(dialects).toEqual([
      ["2024-11-05", "http://json-schema.org/draft-07/schema#", "definitions"],
      ["2025-03-26", "http://json-schema.org/draft-07/schema#", "definitions"],
      ["2025-06-18", "http://json-schema.org/draft-07/schema#", "definitions"],
      ["2025-11-25", "https://json-schema.org/draft/2020-12/schema", "$defs"],
      ["2026-07-28", "https://json-schema.org/draft/2020-12/schema", "$defs"],
    ]);
  });
});
