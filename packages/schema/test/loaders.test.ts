import { describe, expect, it } from "vitest";
import type { CompiledValidator } from "../src/compiled-validator.js";
import { revisions } from "../src/revisions.js";

// Both loaders, compiled: the one Node picks (lazy, CommonJS) and the one bundlers and Workers get.
const nodeLoader = (await import(new URL("../dist/load/node.js", import.meta.url).href)) as LoaderModule;
const eagerLoader = (await import(new URL("../dist/load/eager.js", import.meta.url).href)) as LoaderModule;

interface LoaderModule {
  loadValidators(revision: string): Readonly<Record<string, CompiledValidator>>;
}

describe("validator loaders", () => {
  it.each(revisions)(
    "%s: the lazy Node loader and the eager loader give the very same validators",
    (revision) => {
      const lazy = nodeLoader.loadValidators(revision);
      const eager = eagerLoader.loadValidators(revision);
      expect(Object.keys(lazy).length).toBeGreaterThan(70);
      expect(Object.keys(lazy)).toEqual(Object.keys(eager));
      // Same generated code behind both: the same verdicts and errors on good and bad input.
      const samples: unknown[] = [
        {},
        { jsonrpc: "2.0", id: 1, method: "ping" },
        { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: 7 } },
      ];
      for (const name of ["PingRequest", "CallToolRequest", "JSONRPCRequest"].filter((n) => n in lazy)) {
        for (const sample of samples) {
          const a = lazy[name] as CompiledValidator;
          const b = eager[name] as CompiledValidator;
          expect([a(sample), a.errors]).toEqual([b(sample), b.errors]);
        }
      }
    },
  );
});
