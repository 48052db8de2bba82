/**
 * Protocol revision 2026-07-28, the stateless redesign, as changes to 2025-11-25. Each module holds
 * one feature's changes; read them in the order listed below.
 */
import type { JsonSchema } from "../../dsl.js";
import type { Definitions, RevisionSource } from "../../revision.js";
import { cache } from "./cache.js";
import { capabilities } from "./capabilities.js";
import { content } from "./content.js";
import { discover } from "./discover.js";
import { elicitation } from "./elicitation.js";
import { envelope } from "./envelope.js";
import { errors } from "./errors.js";
import { inputRequired } from "./input-required.js";
import { json } from "./json.js";
import { notifications } from "./notifications.js";
import type { RevisionPiece } from "./piece.js";
import { primitives } from "./primitives.js";
import { removed } from "./removed.js";
import { results } from "./results.js";
import { roots } from "./roots.js";
import { sampling } from "./sampling.js";
import { subscriptions } from "./subscriptions.js";
import { unions } from "./unions.js";

const pieces: readonly RevisionPiece[] = [
  envelope,
  discover,
  inputRequired,
  results,
  cache,
  subscriptions,
  errors,
  removed,
  capabilities,
  notifications,
  elicitation,
  sampling,
  roots,
  primitives,
  content,
  json,
  unions,
];

/** Merges the pieces' definitions, refusing a name claimed twice. */
function merge(part: (piece: RevisionPiece) => Definitions | undefined): Definitions {
  const out: Record<string, JsonSchema> = {};
  for (const piece of pieces) {
    for (const [name, schema] of Object.entries(part(piece) ?? {})) {
      if (name in out) throw new Error(`2026-07-28: ${name} is defined by two modules`);
      out[name] = schema;
    }
  }
  return out;
}

export const revision20260728: RevisionSource = {
  revision: "2026-07-28",
  dialect: "2020-12",
  summary: pieces.flatMap((piece) => piece.summary),
  added: merge((piece) => piece.added),
  changed: merge((piece) => piece.changed),
  removed: pieces.flatMap((piece) => piece.removed ?? []),
};
