/** Where the official JSON-Schema-Test-Suite is: read in place from ../shared, never copied into the repository. */
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * MCPKIT_JSON_SCHEMA_TEST_SUITE, or ../shared/reference/json-schema-test-suite beside the repository
 * checkout. Undefined when neither holds the suite (the suite tests then skip).
 */
export function suiteDir(): string | undefined {
  const candidates = [
    process.env.MCPKIT_JSON_SCHEMA_TEST_SUITE,
    resolve(here, "../../../../../shared/reference/json-schema-test-suite"),
  ].filter((c): c is string => typeof c === "string" && c.length > 0);
  return candidates.find((c) => existsSync(resolve(c, "tests/draft2020-12/type.json")));
}
