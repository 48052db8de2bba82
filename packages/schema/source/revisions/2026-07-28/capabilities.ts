/**
 * Capabilities. Clients now send theirs on every request (in the envelope) instead of once at
 * initialize. Both sides gain an `extensions` map, settings objects become JSONObjects, and the
 * task capability trees and `roots.listChanged` are gone.
 */
import { bool, obj, opt, record, ref } from "../../dsl.js";
import type { RevisionPiece } from "./piece.js";

/** A settings object whose contents are any JSON. */
const settings = () => opt(ref("JSONObject"));

/** Experimental features and extensions, each keyed by name. */
const openEnded = {
  experimental: opt(record(ref("JSONObject"))),
  extensions: opt(record(ref("JSONObject"))),
};

export const capabilities: RevisionPiece = {
  summary: [
    "Client and server capabilities gain an extensions map (tasks now live in the io.modelcontextprotocol/tasks extension).",
    "The tasks capabilities and roots.listChanged are gone; capability settings are JSONObjects.",
  ],
  changed: {
    ClientCapabilities: obj({
      ...openEnded,
      // Roots are deprecated and can no longer announce changes, so the object has no flags.
      roots: opt(obj()),
      sampling: opt(obj({ context: settings(), tools: settings() })),
      elicitation: opt(obj({ form: settings(), url: settings() })),
    }),
    ServerCapabilities: obj({
      ...openEnded,
      logging: settings(),
      completions: settings(),
      prompts: opt(obj({ listChanged: opt(bool()) })),
      resources: opt(obj({ subscribe: opt(bool()), listChanged: opt(bool()) })),
      tools: opt(obj({ listChanged: opt(bool()) })),
    }),
  },
};
