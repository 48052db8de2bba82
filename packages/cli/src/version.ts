import { readFileSync } from "node:fs";

/** This package's version, from its package.json (one source of truth for changesets). */
export function version(): string {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return manifest.version;
}
