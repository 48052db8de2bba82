// The root entry point stays runtime-neutral: nothing from node: in the built bundle.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const dist = resolve(import.meta.dirname, "..", "dist");

describe("the built root entry", () => {
  it("imports nothing from node: (the loader is only in ./node)", () => {
    const imported = (file: string) =>
      [...readFileSync(join(dist, file), "utf8").matchAll(/from\s*"([^"]+)"/g)].map((m) => m[1] as string);
    const reachable = new Set<string>(["index.js"]);
    for (const file of reachable)
      for (const spec of imported(file))
        if (spec.startsWith("./")) reachable.add(join(file, "..", spec).replace(/^\.\//, ""));
    const all = [...reachable].flatMap(imported);
    expect(all.filter((spec) => spec.startsWith("node:"))).toEqual([]);
    // The same scan does see the loader's node: imports.
    expect(imported("node.js").filter((spec) => spec.startsWith("node:")).length).toBeGreaterThan(0);
  });
});
