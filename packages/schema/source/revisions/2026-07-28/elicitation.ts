/**
 * Elicitation, embedded in an InputRequiredResult instead of sent as a JSON-RPC request: the request
 * has no `jsonrpc` or `id`, and its params no `_meta` or task augmentation. URL mode stays, but
 * without an elicitation id, since no completion notification needs to refer to it any more.
 */
import { anyOf, doc, omit, ref } from "../../dsl.js";
import type { RevisionPiece } from "./piece.js";
import { was } from "./previous.js";

export const elicitation: RevisionPiece = {
  summary: [
    "URL-mode elicitation loses elicitationId along with notifications/elicitation/complete; elicitation params lose _meta and task augmentation, and ElicitResult loses _meta.",
  ],
  changed: {
    ElicitRequest: omit(was.ElicitRequest, "jsonrpc", "id"),
    // Same members; form mode is now listed first.
    ElicitRequestParams: anyOf(ref("ElicitRequestFormParams"), ref("ElicitRequestURLParams")),
    ElicitRequestFormParams: doc(
      "Asks the user to fill in a form described by `requestedSchema`.",
      omit(was.ElicitRequestFormParams, "_meta", "task"),
    ),
    ElicitRequestURLParams: doc(
      "Sends the user to `url` to finish an interaction outside the client.",
      omit(was.ElicitRequestURLParams, "_meta", "task", "elicitationId"),
    ),
    // Answers are strings, numbers, booleans or string lists, as in 2025-11-25 (where we, following
    // the specification, allow any number where upstream's schema.json says integer).
    ElicitResult: omit(was.ElicitResult, "_meta"),
  },
};
