/**
 * `server/discover`, which every server must implement, replaces what `initialize` used to tell the
 * client: the versions the server speaks, its capabilities and its instructions. Being stateless, it
 * can be called at any time and its answer cached.
 */
import { arr, doc, obj, opt, ref, str } from "../../dsl.js";
import { cacheFields } from "./cache.js";
import type { RevisionPiece } from "./piece.js";
import { resultFields } from "./results.js";
import { request } from "./shapes.js";

export const discover: RevisionPiece = {
  summary: [
    "server/discover (required of every server) reports the supported protocol versions, the server capabilities and optional instructions; it is also how a client tells a stateless server from an older one.",
  ],
  added: {
    DiscoverRequest: doc(
      "Asks the server which versions and capabilities it has.",
      request("server/discover", ref("RequestParams")),
    ),
    DiscoverResult: doc(
      "What the server supports; cacheable.",
      obj({
        ...resultFields,
        ...cacheFields,
        supportedVersions: arr(str()),
        capabilities: ref("ServerCapabilities"),
        instructions: opt(str()),
      }),
    ),
  },
};
