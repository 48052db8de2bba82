/**
 * @mcpkit/transport-http on Node (the `node` export condition): everything the web entry has,
 * with node:http (a keep-alive agent per transport) as the client transport's default sender,
 * which costs a fraction of the CPU `fetch` does per request. Passing `fetch` still uses fetch.
 */
import { useDefaultSender } from "./client/default-sender.js";
import { NodeHttpSender } from "./client/node-sender.js";

export * from "./index.js";

useDefaultSender(() => new NodeHttpSender());
