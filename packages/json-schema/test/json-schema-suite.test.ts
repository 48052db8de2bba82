/**
 * The official JSON-Schema-Test-Suite (draft-07 and 2020-12), read in place from ../shared: every
 * required and optional test, formats asserted and as annotations. One vitest test per suite test;
 * the tests we decided not to pass are in json-schema-suite/expected-failures.ts with a reason, and
 * one of them passing fails the run so the list stays honest. The pass counts per dialect and run
 * are printed at the end (the package README states them).
 */
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { compileJsonSchema, type JsonSchemaValidator } from "../src/index.js";
import { type ExpectedFailure, expectedFailures } from "./json-schema-suite/expected-failures.js";
import { suiteDir } from "./json-schema-suite/locate.js";
import { dialectFolders, loadFiles, loadRemotes, runs, type SuiteGroup } from "./json-schema-suite/suite.js";

const dir = suiteDir();

const keyOf = (run: string, dialect: string, file: string, group: string, test: string) =>
  JSON.stringify([run, dialect, file, group, test]);
const expected = new Map<string, ExpectedFailure>();
for (const entry of expectedFailures) {
  expected.set(keyOf(entry.run, entry.dialect, entry.file, entry.group, entry.test), entry);
}
const used = new Set<ExpectedFailure>();

/** Pass counts per "dialect run" (suite tests that give the suite's answer). */
const counts = new Map<string, { passed: number; total: number }>();

function expectedFailureFor(
  run: string,
  dialect: string,
  file: string,
  group: string,
  test: string,
): ExpectedFailure | undefined {
  return (
    expected.get(keyOf(run, dialect, file, group, test)) ??
    expected.get(keyOf(run, dialect, file, group, "*"))
  );
}

/** The suite's verdict against ours: undefined when they agree, else what went wrong. */
function disagreement(
  compiled: () => JsonSchemaValidator,
  data: unknown,
  valid: boolean,
): string | undefined {
  let validate: JsonSchemaValidator;
  try {
    validate = compiled();
  } catch (error) {
    return `the schema does not compile: ${(error as Error).message}`;
  }
  const found = validate(data);
  if ((found === undefined) === valid) return undefined;
  return valid ? `valid per the suite, but: ${JSON.stringify(found)}` : "invalid per the suite, but accepted";
}

describe.skipIf(dir === undefined)("JSON-Schema-Test-Suite", () => {
  // vitest still runs a skipped describe's body to collect it: read nothing without the suite.
  if (dir === undefined) return;
  const suite = dir;
  const documents = loadRemotes(suite);
  for (const [dialectFolder, dialect] of Object.entries(dialectFolders)) {
    for (const run of runs) {
      const tally = { passed: 0, total: 0 };
      counts.set(`${dialectFolder} ${run.name}`, tally);
      describe(`${dialectFolder} ${run.name}`, () => {
        for (const { file, groups } of loadFiles(suite, dialectFolder, run.folder)) {
          describe(file, () => {
            groups.forEach((group: SuiteGroup, index) => {
              let cached: JsonSchemaValidator | undefined;
              const compiled = () => {
                cached ??= compileJsonSchema(group.schema, { dialect, formats: run.formats, documents });
                return cached;
              };
              describe(`${index}: ${group.description}`, () => {
                for (const test of group.tests) {
                  const failure = expectedFailureFor(
                    run.name,
                    dialectFolder,
                    file,
                    group.description,
                    test.description,
                  );
                  if (failure) used.add(failure);
                  it(test.description, () => {
                    const valid = run.everyValueValid || test.valid;
                    const problem = disagreement(compiled, test.data, valid);
                    tally.total++;
                    if (!problem) tally.passed++;
                    if (failure) {
                      expect(
                        problem,
                        `listed as an expected failure (${failure.reason}) but now passes: remove it from the list`,
                      ).toBeDefined();
                    } else {
                      expect(problem).toBeUndefined();
                    }
                  });
                }
              });
            });
          });
        }
      });
    }
  }

  it("lists no expected failure that matches no suite test", () => {
    expect(expectedFailures.filter((entry) => !used.has(entry))).toEqual([]);
  });

  it("has its pass counts stated in the package README", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const cell = (dialect: string, run: string) => {
      const tally = counts.get(`${dialect} ${run}`);
      return tally ? `${tally.passed} / ${tally.total}` : "?";
    };
    const rows = Object.entries({ draft7: "draft-07", "draft2020-12": "2020-12" }).map(([folder, name]) =>
      [name, ...runs.map((run) => cell(folder, run.name))].join(" | "),
    );
    const table = readme
      .split("\n")
      .filter((line) => /^\| (draft-07|2020-12) /.test(line))
      .map((line) =>
        line
          .slice(2, -2)
          .split("|")
          .map((part) => part.trim())
          .join(" | "),
      );
    expect(table).toEqual(rows);
  });

  afterAll(() => {
    const lines = [...counts].map(([name, { passed, total }]) => `${name}: ${passed}/${total}`);
    console.log(`JSON-Schema-Test-Suite pass counts:\n  ${lines.join("\n  ")}`);
  });
});
