import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import type { Env } from "hono";

/** A Hono app served by @hono/node-server on 127.0.0.1 and a free port. */
export interface Listening {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** Stops listening and drops open connections (SSE streams included). */
  close(): Promise<void>;
}

export async function listen<E extends Env>(app: Hono<E>): Promise<Listening> {
  const server = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () =>
      resolve(started as Server),
    );
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
