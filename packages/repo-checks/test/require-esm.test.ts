import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { binaries } from "../../runtimes/test/binaries.js";
import { entryPoints } from "./entry-points.js";
import { published, root } from "./workspace.js";

/**
 * The packages are ESM only. CommonJS consumers are served through Node's `require(esm)` (on by
 * default since Node 22.12 and 20.19): this proves it on the pinned Node 22, 24 and 26 binaries of
 * packages/runtimes, entry point by entry point, and that require() sees what import() sees.
 */
const entries = published().flatMap(({ dir, manifest }) =>
  entryPoints(manifest).map((specifier) => ({ dir: join(root, dir), specifier })),
);

/** A few names per package a CommonJS user reaches for first; every other export is compared with import(). */
const mainExports: Readonly<Record<string, readonly string[]>> = {
  "@mcpkit/auth": ["ClientCredentialsProvider", "MemoryTokenStore"],
  "@mcpkit/auth/node": ["FileTokenStore", "loopbackRedirect"],
  "@mcpkit/client": ["Client", "McpError"],
  "@mcpkit/conformance": ["main", "loadTranscripts"],
  "@mcpkit/core": ["Connection", "McpError", "ErrorCode"],
  "@mcpkit/json-schema": ["compileJsonSchema"],
  "@mcpkit/redis": ["RedisSessionStore", "connectRedis"],
  "@mcpkit/schema": ["validate", "revisions", "latestRevision"],
  "@mcpkit/schema/2026-07-28": ["validators", "methods"],
  "@mcpkit/server": ["Server", "UriTemplate"],
  "@mcpkit/skills": ["skillsExtension", "skillsClient"],
  "@mcpkit/skills/node": ["loadSkillsDirectory"],
  "@mcpkit/transport-http": ["createStreamableHttpHandler", "StreamableHttpClientTransport"],
  "@mcpkit/transport-http/node": ["serveStreamableHttp", "toNodeListener"],
  "@mcpkit/transport-stdio": ["StdioServerTransport", "StdioClientTransport"],
  "@mcpkit/transport-ws": ["WebSocketClientTransport", "serveWebSocket"],
};

interface Loaded {
  specifier: string;
  file?: string;
  required?: string[];
  imported?: string[];
  error?: string;
}

function requireAll(node: string): { version: string; results: Loaded[] } {
  const script = join(import.meta.dirname, "fixtures/require-entries.cjs");
  const run = spawnSync(node, [script, JSON.stringify(entries)], { encoding: "utf8", timeout: 60_000 });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as { version: string; results: Loaded[] };
}

describe.each(["node22", "node24", "node26"] as const)(
  "require() of every published entry point on %s",
  (name) => {
    it("loads each one with the exports import() gives, its main ones among them", () => {
      expect(entries.length).toBeGreaterThanOrEqual(16);
      const { version, results } = requireAll(binaries[name]());
      expect(version.startsWith(`v${name.slice(4)}.`)).toBe(true);
      expect(results.filter((r) => r.error)).toEqual([]);
      for (const { specifier, file, required, imported } of results) {
        expect(file, specifier).toMatch(/\/dist\/.+\.js$/);
        expect(required, specifier).toEqual(imported);
        expect(required?.length, specifier).toBeGreaterThan(0);
        for (const main of mainExports[specifier] ?? []) expect(required, specifier).toContain(main);
      }
      expect(results.map((r) => r.specifier)).toEqual(expect.arrayContaining(Object.keys(mainExports)));
    });
  },
);
