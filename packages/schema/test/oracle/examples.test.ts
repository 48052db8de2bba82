import { describe, expect, it } from "vitest";
import { validate } from "../../src/index.js";
import { examplesRevision, loadExamples, loadUpstream, present, referenceOrExplain } from "./reference.js";

const dir = referenceOrExplain();
const examples = dir === undefined ? [] : loadExamples(dir);

describe.skipIf(dir === undefined)(`upstream ${examplesRevision} examples validate with ours`, () => {
  it("finds the examples", () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(examples.map((example) => [example.file, example] as const))("%s", (_file, example) => {
    // The folder names the definition; upstream must accept its own example, or the oracle is off.
    expect(loadUpstream(present(dir), examplesRevision).validator(example.typeName)(example.value)).toBe(
      true,
    );
    const result = validate(examplesRevision, example.typeName, example.value);
    expect(result.ok ? [] : result.issues, `${example.file} against our ${example.typeName}`).toEqual([]);
  });
});
