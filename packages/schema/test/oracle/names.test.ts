import { describe, expect, it } from "vitest";
import { definitionNames, revisions } from "../../src/index.js";
import { loadUpstream, present, referenceOrExplain } from "./reference.js";

const dir = referenceOrExplain();

describe.skipIf(dir === undefined)("definition names match upstream", () => {
  it.each(revisions)("%s", (revision) => {
    const upstream = new Set(Object.keys(loadUpstream(present(dir), revision).definitions));
    const ours = new Set(definitionNames(revision));
    const missing = [...upstream].filter((name) => !ours.has(name)).sort();
    const extra = [...ours].filter((name) => !upstream.has(name)).sort();
    expect({ missing, extra }, `${revision}: ours vs upstream definition names`).toEqual({
      missing: [],
      extra: [],
    });
    expect(ours.size).toBeGreaterThan(0);
  });
});
