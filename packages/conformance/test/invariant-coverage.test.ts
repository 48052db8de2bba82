// The coverage gate of the invariant layer (issue 26): the catalog of what the rules check is
// exactly what their source reports; the manifest marks `observable` exactly what the catalog
// checks (on the side the requirement binds); every requirement carries exactly one of observable,
// notObservable, untestable.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { INVARIANT_CATALOG, checkedRequirements, checksRequirement } from "../src/invariants/catalog.js";
import { classifications, loadManifest } from "../src/invariants/coverage.js";

const REQUIREMENTS_DIR = fileURLToPath(new URL("../../../conformance/requirements/", import.meta.url));
const INVARIANTS_DIR = fileURLToPath(new URL("../src/invariants/", import.meta.url));

const manifest = loadManifest(REQUIREMENTS_DIR);
const byId = new Map(manifest.map((r) => [r.id, r]));

/** The manifest ids a source file names in string literals (comments left out). */
function idsNamedIn(file: string): string[] {
  const code = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
    .join("\n");
  const literals = code.match(/"[a-z0-9-]+(\.[a-z0-9-]+)+"/g) ?? [];
  return [...new Set(literals.map((l) => l.slice(1, -1)).filter((id) => byId.has(id)))].sort();
}

describe("the invariant catalog", () => {
  it("lists, for every module of src/invariants, exactly the requirement ids its source reports", () => {
    const modules = readdirSync(INVARIANTS_DIR)
      .filter((name) => name.endsWith(".ts") && name !== "catalog.ts")
      .map((name) => name.slice(0, -3));
    const named = Object.fromEntries(
      modules
        .map((m) => [m, idsNamedIn(join(INVARIANTS_DIR, `${m}.ts`))] as const)
        .filter(([, ids]) => ids.length > 0),
    );
    const catalogued = Object.fromEntries(INVARIANT_CATALOG.map((e) => [e.module, [...e.ids].sort()]));
    expect(catalogued).toEqual(named);
  });

  it("names only manifest requirements, each checked on a side the requirement binds", () => {
    // A module judging both sides may report a one-sided rule: one fitting side is enough.
    const problems = [...checkedRequirements()].flatMap(([id, sides]) => {
      const r = byId.get(id);
      if (r === undefined) return [`${id}: not in the manifest`];
      return checksRequirement(id, r.side) ? [] : [`${id}: binds the ${r.side}, checked on ${[...sides]}`];
    });
    expect(problems).toEqual([]);
  });
});

describe("the manifest's observable marks", () => {
  it("mark at most one of observable, notObservable, untestable per requirement", () => {
    expect(manifest.filter((r) => classifications(r) > 1).map((r) => r.id)).toEqual([]);
  });

  it("mark observable only what an invariant checks on the side the requirement binds", () => {
    const unchecked = manifest
      .filter((r) => r.observable === true && !checksRequirement(r.id, r.side))
      .map((r) => `${r.id} (${r.side})`);
    expect(unchecked).toEqual([]);
  });

  it("mark observable every requirement the invariant layer checks", () => {
    const unmarked = [...checkedRequirements().keys()].filter((id) => byId.get(id)?.observable !== true);
    expect(unmarked.sort()).toEqual([]);
  });

  it("classify every requirement: exactly one of observable, notObservable, untestable", () => {
    const open = manifest.filter((r) => classifications(r) !== 1).map((r) => `${r.area}: ${r.id}`);
    expect(open).toEqual([]);
  });
});
