/**
 * Loads the official JSON-Schema-Test-Suite: its test files per run (required, optional, formats
 * asserted, formats as annotations) and its remote documents under the URIs the tests use.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { JsonSchema, JsonSchemaDialect } from "../../src/index.js";

export interface SuiteTest {
  readonly description: string;
  readonly data: unknown;
  readonly valid: boolean;
}

export interface SuiteGroup {
  readonly description: string;
  readonly schema: JsonSchema;
  readonly tests: readonly SuiteTest[];
}

export interface SuiteFile {
  /** The file's path under its dialect folder: "ref.json", "optional/format/date.json". */
  readonly file: string;
  readonly groups: readonly SuiteGroup[];
}

/** The suite's folders for each dialect we validate. */
export const dialectFolders: Readonly<Record<string, JsonSchemaDialect>> = {
  draft7: "draft-07",
  "draft2020-12": "2020-12",
};

/**
 * One way of running the suite: which files, whether formats are asserted, and whether every
 * test is expected to pass regardless of its `valid` (formats as annotations never fail a value).
 */
export interface SuiteRun {
  readonly name: "required" | "optional" | "format-asserted" | "format-annotated";
  readonly folder: string;
  readonly formats: "assert" | "annotate";
  readonly everyValueValid: boolean;
}

export const runs: readonly SuiteRun[] = [
  { name: "required", folder: "", formats: "annotate", everyValueValid: false },
  { name: "optional", folder: "optional", formats: "annotate", everyValueValid: false },
  { name: "format-asserted", folder: "optional/format", formats: "assert", everyValueValid: false },
  { name: "format-annotated", folder: "optional/format", formats: "annotate", everyValueValid: true },
];

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** The JSON files directly in `folder` (not in its subfolders), sorted so runs are deterministic. */
export function loadFiles(dir: string, dialectFolder: string, folder: string): SuiteFile[] {
  const base = join(dir, "tests", dialectFolder);
  const where = join(base, folder);
  return readdirSync(where)
    .filter((name) => name.endsWith(".json") && statSync(join(where, name)).isFile())
    .sort()
    .map((name) => ({
      file: relative(base, join(where, name)).split(sep).join("/"),
      groups: readJson(join(where, name)) as SuiteGroup[],
    }));
}

/** Every document in `remotes/`, keyed by the URI the tests reference it by (never fetched). */
export function loadRemotes(dir: string): Record<string, JsonSchema> {
  const root = join(dir, "remotes");
  const documents: Record<string, JsonSchema> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".json")) {
        documents[`http://localhost:1234/${relative(root, path).split(sep).join("/")}`] = readJson(
          path,
        ) as JsonSchema;
      }
    }
  };
  walk(root);
  return documents;
}
