import type { FastifyInstance } from "fastify";

/** A Fastify app listening on 127.0.0.1 and a free port. */
export interface Listening {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  /** `app.close()`: the plugin ends its sessions, then the server stops. */
  close(): Promise<void>;
}

export async function listen(app: FastifyInstance): Promise<Listening> {
  const origin = await app.listen({ port: 0, host: "127.0.0.1" });
  return { origin, close: () => app.close() };
}
