import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";

/** An Express app listening on 127.0.0.1 and a free port. */
export interface Listening {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** Stops listening and drops open connections (SSE streams included). */
  close(): Promise<void>;
}

export async function listen(app: Express): Promise<Listening> {
  const server = await new Promise<Server>((resolve, reject) => {
    const started = app.listen(0, "127.0.0.1", (error?: Error) => (error ? reject(error) : resolve(started)));
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
