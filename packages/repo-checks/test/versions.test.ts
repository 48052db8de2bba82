import { describe, expect, it } from "vitest";
import { published } from "./workspace.js";

describe("published package versions", () => {
  it("are one version across @mcpkit (changesets links them), never 0.0.0", () => {
    const versions = Object.fromEntries(published().map((p) => [p.manifest.name, p.manifest.version]));
    const first = Object.values(versions)[0];
    expect(first).not.toBe("0.0.0");
    expect(versions).toEqual(Object.fromEntries(Object.keys(versions).map((name) => [name, first])));
  });

  it("let every workspace dependency be satisfied by the version published beside it", () => {
    // `workspace:^` is published as `^<version of the dependency>`; ^0.0.0 would admit 0.0.0 only.
    const byName = new Map(published().map((p) => [p.manifest.name, p.manifest.version]));
    const ranges = published().flatMap((p) =>
      Object.entries(p.manifest.dependencies ?? {})
        .filter(([name, range]) => byName.has(name) && range.startsWith("workspace:"))
        .map(([name]) => `${p.manifest.name} -> ${name}@^${byName.get(name)}`),
    );
    expect(ranges.length).toBeGreaterThan(5);
    expect(ranges.filter((range) => range.endsWith("@^0.0.0"))).toEqual([]);
  });
});
