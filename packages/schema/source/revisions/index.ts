import type { RevisionSource } from "../revision.js";
import { revision20241105 } from "./2024-11-05/index.js";
import { revision20250326 } from "./2025-03-26/index.js";
import { revision20250618 } from "./2025-06-18/index.js";
import { revision20251125 } from "./2025-11-25/index.js";
import { revision20260728 } from "./2026-07-28/index.js";

/** Every revision in order; each one's changes apply on top of the one before. */
export const revisionSources: readonly RevisionSource[] = [
  revision20241105,
  revision20250326,
  revision20250618,
  revision20251125,
  revision20260728,
];
