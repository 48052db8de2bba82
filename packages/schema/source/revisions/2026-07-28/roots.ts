/**
 * Roots (deprecated in this revision). `roots/list` is embedded in an InputRequiredResult, so it
 * has no JSON-RPC framing; roots can no longer announce changes.
 */
import { arr, lit, obj, opt, ref, str, uri } from "../../dsl.js";
import type { RevisionPiece } from "./piece.js";
import { dataMeta } from "./shapes.js";

export const roots: RevisionPiece = {
  summary: ["Roots are deprecated, and ListRootsResult no longer has a _meta."],
  changed: {
    ListRootsRequest: obj({ method: lit("roots/list"), params: opt(obj({ ...dataMeta })) }),
    ListRootsResult: obj({ roots: arr(ref("Root")) }),
    Root: obj({ uri: uri(), name: opt(str()), ...dataMeta }),
  },
};
