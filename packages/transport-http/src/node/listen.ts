import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Listens on `host`:`port` and gives the server's origin, e.g. `http://127.0.0.1:49152`. */
export async function listen(httpServer: Server, host: string, port: number): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(port, host, () => {
      httpServer.off("error", reject);
      resolve();
    });
  });
  const address = httpServer.address() as AddressInfo;
  const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${shownHost}:${address.port}`;
}

/** Stops listening and closes every connection (open SSE streams too); resolves once closed. */
export function stop(httpServer: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    httpServer.close(() => resolve());
    httpServer.closeAllConnections();
  });
}

/** A node:http server serving one handler (see `serveStreamableHttp`, `serveLegacySse`). */
export interface ServedHandler<H> {
  /** The origin and the handler's path. */
  readonly url: string;
  readonly handler: H;
  readonly httpServer: Server;
  /** Closes the handler, then the server with every connection. */
  close(): Promise<void>;
}

/** Listens on `host`:`port` with `httpServer`, which serves `handler` at `path`. */
export async function serveHandler<H extends { close(): Promise<void> }>(
  httpServer: Server,
  handler: H,
  { host, port, path }: { readonly host: string; readonly port: number; readonly path: string },
): Promise<ServedHandler<H>> {
  const origin = await listen(httpServer, host, port);
  return {
    url: `${origin}${path}`,
    handler,
    httpServer,
    close: async () => {
      await handler.close();
      await stop(httpServer);
    },
  };
}
