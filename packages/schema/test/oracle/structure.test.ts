import { describe, expect, it } from "vitest";
import { compareDefinitions, upstreamDefinitions } from "../../scripts/lib/compare-reference.js";
import { referenceDir } from "../../scripts/lib/reference.js";
import { bundleAll } from "../../source/bundle.js";

const dir = referenceDir();

describe.skipIf(!dir)("our definitions against the upstream reference, structurally", () => {
  for (const bundle of bundleAll()) {
    it(`${bundle.revision}: differ only where a documented divergence says why`, () => {
      const result = compareDefinitions(
        bundle.revision,
        bundle.definitions,
        upstreamDefinitions(dir ?? "", bundle.revision),
      );
      expect(result.missing).toEqual([]);
      expect(result.extra).toEqual([]);
      expect(result.differing).toEqual([]);
    });
  }
});
