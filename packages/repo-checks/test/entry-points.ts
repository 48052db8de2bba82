import type { Manifest } from "./workspace.js";

/**
 * The module entry points of a package: each key of `exports` that resolves to JavaScript, as the
 * specifier a user writes (`@mcpkit/auth`, `@mcpkit/auth/node`). Wildcard subpaths and
 * `./package.json` are left out: they are data, not modules.
 */
export function entryPoints(manifest: Manifest): string[] {
  return Object.keys(manifest.exports ?? {})
    .filter((key) => key !== "./package.json" && !key.includes("*"))
    .map((key) => (key === "." ? manifest.name : `${manifest.name}/${key.slice(2)}`));
}
