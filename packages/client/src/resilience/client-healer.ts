import { type Capabilities, type Connection, type Logger, logTo, type Transport } from "@mcpkit/core";
import { type Settled, settle, transportOf } from "../era/settle.js";
import type { Emitter } from "../events.js";
import type { ClientEvents } from "../features/notifications.js";
import type { ClientOptions, TransportSource } from "../options.js";
import { Healer } from "./healer.js";
import { type ReconnectEvents, ReconnectPolicy } from "./options.js";
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
      canReconnect: (settled) => freshSource(client.source(), settled) !== undefined,
      resettle: (previous) =>
        settle(freshSource(client.source(), previous) as TransportSource, {
          options: options.revision ? options : { ...options, mode: previous.era },
          capabilities: client.capabilities(),
          prepare: (connection) => client.prepare(connection),
          report: (error) => client.report(error),
        }),
      adopt: async (next) => {
        client.use(next);
        await restoreSession(next, client.state(), (error) => client.report(error));
      },
      // ClientEvents extends ReconnectEvents: each reconnect event is a client event of the same shape.
      emit: (event, value) => {
        logStep(options.logger, event, value);
        client.events.emit(event, value as ClientEvents[typeof event]);
      },
      closed: (error) => client.events.emit("close", error ? { error } : {}),
    },
    options.healthCheck,
  );
}

/** The healing's steps, for the client's logger. */
function logStep<K extends keyof ReconnectEvents>(
  logger: Logger | undefined,
  event: K,
  value: ReconnectEvents[K],
): void {
  if (!logger) return;
  const { error, ...fields } = value as { error?: Error } & Record<string, unknown>;
  const entry = error ? { ...fields, err: error } : fields;
  if (event === "connectionLost") logTo(logger, "warn", entry, `the connection was lost (${fields.reason})`);
  else if (event === "reconnecting") logTo(logger, "info", entry, `reconnecting (attempt ${fields.attempt})`);
  else if (event === "reconnected") logTo(logger, "info", entry, `reconnected (attempt ${fields.attempt})`);
  else logTo(logger, "error", entry, `reconnecting gave up: ${error?.message}`);
}

/**
 * Where a fresh transport comes from: the factory given to `connect()`, or else the transport's
 * own `reopen()` (same options, no session); undefined when neither exists.
 */
function freshSource(source: TransportSource | undefined, settled: Settled): TransportSource | undefined {
  if (typeof source === "function") return source;
  const transport = transportOf(settled.connection);
  return transport?.reopen ? () => (transport.reopen as () => Transport).call(transport) : undefined;
}
