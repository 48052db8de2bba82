/**
 * @mcpkit/transport-http/node: the Streamable HTTP endpoint on node:http.
 */
export {
  serveStreamableHttp,
  toNodeListener,
  type NodeListener,
  type ServeOptions,
  type StreamableHttpServer,
} from "./node/serve.js";
export { toWebRequest, writeWebResponse } from "./node/request.js";
