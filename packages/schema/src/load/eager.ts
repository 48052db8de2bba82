/**
 * The validator loader outside Node (bundlers, Workers, Deno, browsers): every revision is
 * imported up front, so the code is in the bundle and lookups stay synchronous.
 */
import type { CompiledValidator } from "../compiled-validator.js";
import { validators as v20241105 } from "../generated/2024-11-05/validators.js";
import { validators as v20250326 } from "../generated/2025-03-26/validators.js";
import { validators as v20250618 } from "../generated/2025-06-18/validators.js";
import { validators as v20251125 } from "../generated/2025-11-25/validators.js";
import { validators as v20260728 } from "../generated/2026-07-28/validators.js";
import type { Revision } from "../revisions.js";

const byRevision: Readonly<Record<Revision, Readonly<Record<string, CompiledValidator>>>> = {
  "2024-11-05": v20241105,
  "2025-03-26": v20250326,
  "2025-06-18": v20250618,
  "2025-11-25": v20251125,
  "2026-07-28": v20260728,
};

/** The compiled validators of one revision. */
export function loadValidators(revision: Revision): Readonly<Record<string, CompiledValidator>> {
  return byRevision[revision];
}
