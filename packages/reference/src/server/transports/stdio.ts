import { StdioServerTransport } from "@mcpkit/transport-stdio";
import type { ServeTransport } from "../endpoint.js";

/** stdio: one session over the process's stdin and stdout; it ends when the client closes stdin. */
export const serveStdio: ServeTransport = async ({ server }, _config, security) => {
  const session = await server.connect(
    new StdioServerTransport({ maxMessageBytes: security.maxMessageBytes }),
  );
  return { url: undefined, closed: session.closed, close: () => session.close() };
};
