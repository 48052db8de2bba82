/**
 * 2024-11-05: the first dated revision and the base of the chain. Everything is `added` here; the
 * definitions are split by feature, one file per concept.
 */
import type { RevisionSource } from "../../revision.js";
import { completion } from "./completion.js";
import { content } from "./content.js";
import { jsonrpc } from "./jsonrpc.js";
import { lifecycle } from "./lifecycle.js";
import { logging } from "./logging.js";
import { prompts } from "./prompts.js";
import { resources } from "./resources.js";
import { roots } from "./roots.js";
import { sampling } from "./sampling.js";
import { tools } from "./tools.js";
import { unions } from "./unions.js";
import { utilities } from "./utilities.js";

export const revision20241105: RevisionSource = {
  revision: "2024-11-05",
  dialect: "draft-07",
  summary: [
    "JSON-RPC 2.0 messages; a session opens with initialize and notifications/initialized.",
    "Server features: resources (with subscriptions and templates), prompts, tools, logging, argument completion.",
    "Client features: sampling and roots.",
    "Utilities: ping, progress, cancellation, cursor pagination.",
  ],
  added: {
    ...jsonrpc,
    ...utilities,
    ...lifecycle,
    ...content,
    ...resources,
    ...prompts,
    ...tools,
    ...logging,
    ...sampling,
    ...roots,
    ...completion,
    ...unions,
  },
  changed: {},
  removed: [],
};
