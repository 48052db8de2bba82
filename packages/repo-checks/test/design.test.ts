import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./workspace.js";

const design = readFileSync(join(root, "docs/design.md"), "utf8");
/** The design's principle on stores ("Ready for more than one machine"), as one line of text. */
const principle = (
  /- \*\*Ready for more than one machine[\s\S]*?(?=\n- \*\*)/.exec(design)?.[0] ?? ""
).replace(/\s+/g, " ");

describe("docs/design.md on stores", () => {
  it("names only stores that exist, each exported by the package it names", () => {
    const named = [...principle.matchAll(/`(\w*Store)`[^`]*?`(@mcpkit\/[\w-]+)`/g)].map((m) => [m[1], m[2]]);
    expect(named).toEqual([
      ["MemoryEventStore", "@mcpkit/transport-http"],
      ["MemorySubscriptionStore", "@mcpkit/server"],
      ["MemoryTaskStore", "@mcpkit/server"],
      ["MemorySessionStore", "@mcpkit/core"],
    ]);
    const sources: Record<string, string> = {
      "@mcpkit/transport-http": "packages/transport-http/src/index.ts",
      "@mcpkit/server": "packages/server/src/index.ts",
      "@mcpkit/core": "packages/core/src/index.ts",
    };
    for (const [store, pkg] of named) {
      const index = readFileSync(join(root, sources[pkg as string] as string), "utf8");
      expect(index, `${pkg} exports ${store}`).toMatch(new RegExp(`\\b${store}\\b`));
      expect(index).toMatch(new RegExp(`\\b${(store as string).replace(/^Memory/, "")}\\b`));
    }
  });

  it("names the Redis implementation of every store and of the bus, each exported by @mcpkit/redis", () => {
    const redis = readFileSync(join(root, "packages/redis/src/index.ts"), "utf8");
    const named = [...principle.matchAll(/`(Redis\w+)`/g)].map((m) => m[1] as string);
    expect(named).toEqual([
      "RedisEventStore",
      "RedisSubscriptionStore",
      "RedisTaskStore",
      "RedisSessionStore",
      "RedisBus",
    ]);
    for (const name of named)
      expect(redis, `@mcpkit/redis exports ${name}`).toMatch(new RegExp(`\\b${name}\\b`));
  });
});
