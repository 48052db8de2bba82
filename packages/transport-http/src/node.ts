/**
 * @mcpkit/transport-http/node: the Streamable HTTP endpoint on node:http, and the client's
 * node:http sender for an agent of your own.
 */
export {
  serveStreamableHttp,
  toNodeListener,
  type NodeListener,
  type ServeOptions,
  type StreamableHttpServer,
} from "./node/serve.js";
export { toWebRequest, writeWebResponse } from "./node/request.js";
export {
  streamableHttpMiddleware,
  type FrameworkRequest,
  type MiddlewareOptions,
  type NodeMiddleware,
} from "./node/middleware.js";
export {
  serveLegacySse,
  serveHttpWithLegacySse,
  type LegacyServeOptions,
  type LegacySseServer,
  type DualServeOptions,
  type DualHttpServer,
} from "./legacy/node-serve.js";
export { nodeHttpSender, type NodeHttpSenderOptions } from "./client/node-sender.js";
