import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { packedFiles } from "../../../scripts/pack-check.mjs";

const packageDir = resolve(import.meta.dirname, "..");

describe("the published tarball", () => {
  it("holds built code and declarations for both entry points, a README, and no sources or tests", () => {
    const files = packedFiles(packageDir);
    for (const file of [
      "dist/index.js",
      "dist/index.d.ts",
      "dist/index.node.js",
      "dist/node.js",
      "dist/node.d.ts",
      "README.md",
    ]) {
      expect(files).toContain(file);
    }
    expect(files).toContain("dist/server/handler.d.ts");
    expect(files.filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))).toEqual([]);
    expect(files.filter((file) => file.startsWith("test/") || file.endsWith(".map"))).toEqual([]);
  });

  it("keeps node: out of the web-standard entry point and every chunk it imports", () => {
    const graph = importGraph("dist/index.js");
    expect(graph.length).toBeGreaterThan(1);
    const offenders = graph.flatMap((file) =>
      imports(file)
        .filter((specifier) => specifier.startsWith("node:"))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(offenders).toEqual([]);
    // While the Node entry does reach node:http (through its own chunk).
    expect(importGraph("dist/index.node.js").some((file) => imports(file).includes("node:http"))).toBe(true);
  });

  it("resolves to the Node entry under the node condition, with its own types, the web one otherwise", () => {
    const { exports } = JSON.parse(readFileSync(resolve(packageDir, "package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    };
    expect(exports["."]).toEqual({
      node: { types: "./dist/index.node.d.ts", default: "./dist/index.node.js" },
      types: "./dist/index.d.ts",
      default: "./dist/index.js",
    });
    expect(packedFiles(packageDir)).toContain("dist/index.node.d.ts");
  });

  it("shares one StreamableHttpClientTransport class (and every other export) between both entries", async () => {
    const web = (await import(resolve(packageDir, "dist/index.js"))) as Record<string, unknown>;
    const node = (await import(resolve(packageDir, "dist/index.node.js"))) as Record<string, unknown>;
    expect(Object.keys(node).sort()).toEqual(Object.keys(web).sort());
    expect(node.StreamableHttpClientTransport).toBe(web.StreamableHttpClientTransport);
    expect(Object.keys(web).filter((name) => node[name] !== web[name])).toEqual([]);
  });
});

/** The static import specifiers of a built file (relative to the package). */
function imports(file: string): string[] {
  const text = readFileSync(resolve(packageDir, file), "utf8");
  return [...text.matchAll(/\b(?:from|import)\s*["']([^"']+)["']/g)].map((match) => match[1] as string);
}

/** `entry` and every file of the package it imports, directly or not. */
function importGraph(entry: string): string[] {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const specifier of imports(file)) {
      if (!specifier.startsWith(".")) continue;
      const target = relative(packageDir, resolve(packageDir, dirname(file), specifier));
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen];
}
