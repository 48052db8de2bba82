import { suiteDir } from "./locate.js";

/** Says once per run, in one line, why the suite tests skip when the suite is absent. */
export default function explainMissingSuite(): void {
  if (!suiteDir()) {
    console.log(
      "JSON-Schema-Test-Suite tests skipped: suite not found (set MCPKIT_JSON_SCHEMA_TEST_SUITE or provide ../shared/reference/json-schema-test-suite)",
    );
  }
}
