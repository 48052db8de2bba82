import type { Definitions } from "../../revision.js";

/**
 * One feature's share of the 2026-07-28 changes. `index.ts` merges the pieces into the revision's
 * `RevisionSource` and refuses a name that two pieces both claim.
 */
export interface RevisionPiece {
  /** One line per notable change, in our words. */
  readonly summary: readonly string[];
  /** Definitions new in 2026-07-28. */
  readonly added?: Definitions;
  /** Definitions that existed in 2025-11-25, given here in full with their new shape. */
  readonly changed?: Definitions;
  /** Definitions that 2026-07-28 drops. */
  readonly removed?: readonly string[];
}
