import { describe, expect, it } from "vitest";
import { capabilityFields, revisions } from "../../src/index.js";
import { isSchemaNode, loadUpstream, present, referenceOrExplain } from "./reference.js";

const dir = referenceOrExplain();

describe.skipIf(dir === undefined)("capability fields match upstream", () => {
  it.each(revisions)("%s", (revision) => {
    const upstream = loadUpstream(present(dir), revision);
    for (const side of ["client", "server"] as const) {
      const definition =
        upstream.definitions[side === "client" ? "ClientCapabilities" : "ServerCapabilities"];
      const properties = definition?.properties;
      expect(isSchemaNode(properties)).toBe(true);
      expect(capabilityFields(revision, side), `${revision} ${side}`).toEqual(
        Object.keys(properties as object).sort(),
      );
    }
  });
});
