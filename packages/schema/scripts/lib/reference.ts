import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Where the upstream reference schemas live: MCPKIT_REFERENCE_DIR, or ../shared/reference/schema
 * beside the repository checkout. Undefined when neither exists (the oracle tests then skip).
 */
export function referenceDir(): string | undefined {
  const candidates = [
    process.env.MCPKIT_REFERENCE_DIR,
    resolve(here, "../../../../../shared/reference/schema"),
  ].filter((c): c is string => typeof c === "string" && c.length > 0);
  return candidates.find((c) => existsSync(resolve(c, "2024-11-05/schema.json")));
}
