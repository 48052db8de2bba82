import type { Capabilities, Connection } from "@mcpkit/core";
import { type Settled, settle } from "../era/settle.js";
import type { Emitter } from "../events.js";
import type { ClientEvents } from "../features/notifications.js";
import type { ClientOptions, TransportSource } from "../options.js";
import { Healer } from "./healer.js";
import { ReconnectPolicy } from "./options.js";
import { type SessionState, restoreSession } from "./restore.js";

/** The parts of a client its healer works with. */
export interface HealingClient {
  readonly options: ClientOptions;
  readonly events: Emitter<ClientEvents>;
  /** What `connect()` was given. */
  source(): TransportSource | undefined;
  capabilities(): Capabilities;
  /** Registers the client's handlers on a new connection. */
  prepare(connection: Connection): void;
  /** Makes `settled` the client's connection. */
  use(settled: Settled): void;
  /** What a new session must be told again. */
  state(): SessionState;
  report(error: Error): void;
}

/**
 * The healer of a client: settles the same era again through the `connect()` factory (a session
 * era is not probed again), then restores subscriptions and the log level.
 */
export function clientHealer(client: HealingClient): Healer {
  const { options } = client;
  return new Healer(
    new ReconnectPolicy(options.reconnect),
    {
      get canReconnect() {
        return typeof client.source() === "function";
      },
      resettle: (previous) =>
        settle(client.source() as TransportSource, {
          options: options.revision ? options : { ...options, mode: previous.era },
          capabilities: client.capabilities(),
          prepare: (connection) => client.prepare(connection),
        }),
      adopt: async (next) => {
        client.use(next);
        await restoreSession(next, client.state(), (error) => client.report(error));
      },
      // ClientEvents extends ReconnectEvents: each reconnect event is a client event of the same shape.
      emit: (event, value) => client.events.emit(event, value as ClientEvents[typeof event]),
      closed: (error) => client.events.emit("close", error ? { error } : {}),
    },
    options.healthCheck,
  );
}
