// Shared setup of the tests against @mcpkit/server: a real Server and a Client over core's in-memory pair.
import { createInMemoryPair } from "@mcpkit/core";
import type { Revision } from "@mcpkit/schema";
import { Server, type ServerOptions } from "@mcpkit/server";
import { afterEach } from "vitest";
import { Client, type ClientOptions } from "../../src/index.js";

export const clientInfo = { name: "test-client", version: "0.0.1" };

/** Every revision, each pinned. */
export const allRevisions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25", "2026-07-28"] as const;
export const sessionRevisions = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"] as const;

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close().catch(() => {})));
});

/** A fresh Server, closed after the test. */
export function newServer(options: ServerOptions = {}): Server {
  const server = new Server({ name: "real-server", version: "1.0.0" }, options);
  open.push(server);
  return server;
}

/** Connects a client pinned to `revision` to `server` over `createInMemoryPair({ json: true })`. */
export async function connect(
  server: Server,
  revision: Revision,
  options: Partial<ClientOptions> = {},
): Promise<Client> {
  const [clientSide, serverSide] = createInMemoryPair({ json: true });
  await server.connect(serverSide);
  const client = new Client({ clientInfo, revision, timeoutMs: 5_000, ...options });
  open.push(client);
  await client.connect(clientSide);
  return client;
}

/** Resolves with the first value an event delivers (bounded). */
export function nextEvent<V>(
  on: (listener: (value: V) => void) => () => void,
  timeoutMs = 2_000,
): Promise<V> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no event within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = on((value) => {
      clearTimeout(timer);
      off();
      resolve(value);
    });
  });
}

/** Waits until `check` holds (bounded). */
export async function until(check: () => boolean, timeoutMs = 2_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Lets pending messages flow through the in-memory pair. */
export const settle = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether `revision` is at least `since`. */
export const atLeast = (revision: Revision, since: Revision): boolean => revision >= since;
