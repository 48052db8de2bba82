import { referenceDir } from "../../scripts/lib/reference.js";

/** Says once per run, in one line, why the oracle tests skip when the reference is absent. */
export default function explainMissingReference(): void {
  if (!referenceDir()) {
    console.log(
      "oracle tests skipped: upstream reference schemas not found (set MCPKIT_REFERENCE_DIR or provide ../shared/reference/schema)",
    );
  }
}
