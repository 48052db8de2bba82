import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { followImports, type ImportGraph, neutralEntries, nodeGlobalsUsed } from "./import-graph.js";
import { root } from "./workspace.js";

/**
 * The runtime-neutral entry points: what Workers, Deno, Bun and browsers import. Each package's
 * `exports` but its `./node` subpath; for @mcpkit/transport-http that is its web entry (the
 * `default` twin of `.`, which Node swaps for `index.node.js`).
 */
const neutral: Readonly<Record<string, readonly string[]>> = {
  "packages/core": [],
  "packages/client": [],
  "packages/server": [],
  "packages/auth": ["./node"],
  "packages/skills": ["./node"],
  "packages/transport-http": ["./node"],
  "packages/hono": [],
};

const entries = Object.entries(neutral).flatMap(([dir, skip]) => neutralEntries(join(root, dir), skip));

describe("runtime-neutral entry points reach no Node built-in", () => {
  let graph: ImportGraph;

  it("finds every neutral entry point, the web entry of transport-http among them", () => {
    const names = entries.map((e) => e.slice(root.length));
    expect(names).toEqual([
      "packages/core/dist/index.js",
      "packages/client/dist/index.js",
      "packages/server/dist/index.js",
      "packages/auth/dist/index.js",
      "packages/skills/dist/index.js",
      "packages/transport-http/dist/index.js",
      "packages/hono/dist/index.js",
    ]);
  });

  it("follows their imports (workspace and third-party) to no node: module or built-in", async () => {
    graph = await followImports(entries, root);
    expect(graph.builtins).toEqual([]);
    // It really followed the graph: into workspace dependencies and third-party packages.
    expect(graph.files.some((f) => f.startsWith("packages/schema/"))).toBe(true);
    expect(graph.files.some((f) => f.startsWith("packages/json-schema/"))).toBe(true);
    expect(graph.files.some((f) => f.includes("node_modules/") && f.includes("jose"))).toBe(true);
  });

  it("touches no Node global (Buffer, process, require, __dirname, setImmediate) in our own modules", async () => {
    const ours = graph.files.filter((f) => f.startsWith("packages/") && !f.includes("node_modules/"));
    expect(ours.length).toBeGreaterThan(6);
    const offenders: string[] = [];
    for (const file of ours) {
      for (const name of await nodeGlobalsUsed(readFileSync(join(root, file), "utf8")))
        offenders.push(`${file}: ${name}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe("the check catches one", () => {
  const dir = mkdtempSync(join(tmpdir(), "import-graph-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reports a built-in reached through a relative file, a package and a dynamic import, with its chain", async () => {
    const pkg = join(dir, "node_modules", "leaky");
    mkdirSync(join(pkg, "dist"), { recursive: true });
    writeFileSync(
      join(pkg, "package.json"),
      JSON.stringify({
        name: "leaky",
        type: "module",
        exports: { ".": { node: "./dist/node.js", default: "./dist/web.js" } },
      }),
    );
    writeFileSync(join(pkg, "dist", "node.js"), 'import "node:fs";\n');
    writeFileSync(join(pkg, "dist", "web.js"), 'export const later = () => import("crypto");\n');
    writeFileSync(join(dir, "entry.js"), 'export * from "./middle.js";\nimport "leaky";\n');
    writeFileSync(
      join(dir, "middle.js"),
      'import { readFile } from "node:fs/promises";\nexport { readFile };\n',
    );

    const graph = await followImports([join(dir, "entry.js")], dir);
    expect(graph.builtins).toEqual([
      { builtin: "node:fs/promises", chain: ["entry.js", "middle.js"] },
      { builtin: "crypto", chain: ["entry.js", "node_modules/leaky/dist/web.js"] },
    ]);
  });

  it("sees node:http behind transport-http's Node entry, which the neutral resolution never picks", async () => {
    const nodeEntry = join(root, "packages/transport-http/dist/index.node.js");
    const graph = await followImports([nodeEntry], root);
    expect(graph.builtins.map((b) => b.builtin)).toContain("node:http");
    expect(graph.builtins.every((b) => b.chain[0] === "packages/transport-http/dist/index.node.js")).toBe(
      true,
    );
  });

  it("finds free Node globals, not local bindings, comments or strings of the same name", async () => {
    const quiet =
      '// process.env\nconst a = "Buffer";\n/* require */\nfunction f(process) { return process(); }\n';
    expect(await nodeGlobalsUsed(quiet)).toEqual([]);
    const loud = "const a = process.env.X;\nif (typeof Buffer !== 'undefined') setImmediate(() => a);\n";
    expect(await nodeGlobalsUsed(loud)).toEqual(["Buffer", "process", "setImmediate"]);
  });
});
