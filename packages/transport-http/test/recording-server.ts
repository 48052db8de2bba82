import type { HttpServerTransport } from "../src/index.js";
import type { ServeOptions, StreamableHttpServer } from "../src/node.js";
import { serveOnPath } from "./http-paths.js";
import { respond } from "./raw.js";

/**
 * A Streamable HTTP server on the current path whose sessions answer with `respond`, keeping each
 * session's transport in order of arrival. Call `close()` after each test.
 */
export class RecordingServer {
  server: StreamableHttpServer | undefined;
  readonly transports: HttpServerTransport[] = [];

  /** Serves (replacing nothing: one server per test) and gives its URL. */
  async serve(options: Partial<ServeOptions> = {}): Promise<string> {
    this.server = await serveOnPath({
      onSession: (transport) => {
        this.transports.push(transport);
        return respond(transport);
      },
      ...options,
    });
    return this.server.url;
  }

  async close(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
    this.transports.length = 0;
  }
}
