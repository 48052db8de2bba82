import {
  type Capabilities,
  Connection,
  type ConnectionOptions,
  type EraStrategy,
  LocalError,
  SessionClientEra,
  StatelessClientEra,
  sessionRevisions,
  type Transport,
} from "@mcpkit/core";
import { type Era, eraOf, type Revision } from "@mcpkit/schema";
import { ClientError } from "../errors.js";
import type { ClientMode, ClientOptions, TransportSource } from "../options.js";
import { AutoClientEra } from "./auto-era.js";
import { httpStatusOf, isHttpFailure } from "./http-status.js";

/** What connecting established. */
export interface Settled {
  readonly connection: Connection;
  /** The stateless era, when that is the one settled (for `discover`). */
  readonly stateless: StatelessClientEra | undefined;
  readonly era: Era;
  readonly revision: Revision;
  readonly serverInfo: Readonly<Record<string, unknown>> | undefined;
  readonly serverCapabilities: Capabilities;
  readonly instructions: string | undefined;
}

/** What settling needs from the client. */
export interface SettleInput {
  readonly options: ClientOptions;
  readonly capabilities: Capabilities;
  /** Registers the client's handlers on a new connection, before it starts. */
  readonly prepare: (connection: Connection) => void;
  readonly signal?: AbortSignal;
  /** Where the connection reports problems with no caller. Default: `options.onError`. */
  readonly report?: (error: Error) => void;
}

const DEFAULT_PROBE_TIMEOUT_MS = 3000;

/** The transport each connection was opened on (for its `closeError`: did the session expire?). */
const transports = new WeakMap<Connection, Transport>();

/** The transport `connection` was opened on by {@link settle}. */
export function transportOf(connection: Connection): Transport | undefined {
  return transports.get(connection);
}

/** The mode a set of options asks for: a pinned revision decides it. */
export function modeOf(options: ClientOptions): ClientMode {
  if (options.revision) return eraOf(options.revision) === "stateless" ? "stateless" : "session";
  return options.mode ?? "auto";
}

function isClosedError(error: unknown): boolean {
  return error instanceof LocalError && error.code === "connection_closed";
}

/**
 * Connects and settles the era.
 *
 * `auto`: the stateless era's `server/discover` (with the 2026 envelope) is the probe. A
 * `DiscoverResult` listing our revision means stateless. Anything else (an error of any code, a
 * result without our revision, no answer within `probeTimeoutMs`) means an older server: the same
 * connection falls back to `initialize`. A server that hangs up on the unexpected probe is
 * reconnected once, straight to `initialize`, when `source` is a transport factory. An HTTP
 * refusal that says nothing about the era (401, 403, 429, 5xx: see `http-status.ts`) is not an
 * answer to the probe: it is thrown as it is (the transport's `HttpStatusError`), and so is an
 * HTTP refusal of the `initialize` after the fall-back.
 */
export async function settle(source: TransportSource, input: SettleInput): Promise<Settled> {
  const { options, capabilities } = input;
  const base: Omit<ConnectionOptions, "era"> = {
    timeoutMs: options.timeoutMs,
    maxTotalTimeoutMs: options.maxTotalTimeoutMs,
    validateOutbound: options.validateOutbound,
    onError: input.report ?? options.onError,
  };
  const open = async (era: EraStrategy): Promise<Connection> => {
    const transport = typeof source === "function" ? await source() : source;
    const connection = new Connection({ ...base, era });
    transports.set(connection, transport);
    input.prepare(connection);
    await connection.connect(transport);
    return connection;
  };
  const pinned = options.revision;
  const sessionEra = () =>
    new SessionClientEra({
      clientInfo: options.clientInfo,
      capabilities,
      revisions: pinned ? [pinned] : sessionRevisions,
      revision: pinned,
    });
  const statelessEra = () =>
    new StatelessClientEra({ clientInfo: options.clientInfo, capabilities, revision: pinned });
  const mode = modeOf(options);

  if (mode === "session") return initializeOn(await open(sessionEra()), input.signal);
  if (mode === "stateless") {
    const era = statelessEra();
    return discoverOn(await open(era), era, input.signal);
  }

  const auto = new AutoClientEra(statelessEra(), sessionEra());
  const connection = await open(auto);
  let probeError: unknown;
  try {
    const timeoutMs = options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
    return await discoverOn(connection, auto.stateless, input.signal, timeoutMs, false);
  } catch (error) {
    if (input.signal?.aborted || isHttpFailure(error)) {
      await connection.close();
      throw error;
    }
    probeError = error;
  }
  if (connection.isClosed) return reconnect(source, open, sessionEra, probeError, input.signal);
  auto.fallBack();
  try {
    return await initializeOn(connection, input.signal, false);
  } catch (error) {
    if (isClosedError(error) && typeof source === "function") {
      return reconnect(source, open, sessionEra, probeError, input.signal);
    }
    await connection.close();
    if (error instanceof LocalError && error.code === "version_rejected") throw error;
    // The server refused at the HTTP level (e.g. 401 to initialize): that is the answer to give.
    if (httpStatusOf(error) !== undefined) throw error;
    throw new ClientError(
      "no_common_revision",
      `The server answered neither server/discover nor initialize: ${describe(probeError)}; then ${describe(error)}`,
      { cause: error, data: { probe: probeError } },
    );
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The server hung up on the probe: only a transport factory lets us try again, straight to initialize. */
async function reconnect(
  source: TransportSource,
  open: (era: EraStrategy) => Promise<Connection>,
  sessionEra: () => SessionClientEra,
  probeError: unknown,
  signal: AbortSignal | undefined,
): Promise<Settled> {
  if (typeof source !== "function") {
    throw new LocalError(
      "connection_closed",
      "The server closed the connection on the server/discover probe (an older server that exits on " +
        "unexpected requests); pass a transport factory to connect() so the client can reconnect, " +
        'or use mode: "session"',
      { cause: probeError },
    );
  }
  return initializeOn(await open(sessionEra()), signal);
}

async function initializeOn(
  connection: Connection,
  signal?: AbortSignal,
  closeOnFailure = true,
): Promise<Settled> {
  const era = connection.era;
  const session = era instanceof AutoClientEra ? era.session : (era as SessionClientEra);
  try {
    const outcome = await session.initialize({ signal });
    return {
      connection,
      stateless: undefined,
      era: "session",
      revision: outcome.revision,
      serverInfo: outcome.serverInfo,
      serverCapabilities: outcome.serverCapabilities,
      instructions: outcome.instructions,
    };
  } catch (error) {
    if (closeOnFailure) await connection.close();
    throw error;
  }
}

async function discoverOn(
  connection: Connection,
  era: StatelessClientEra,
  signal?: AbortSignal,
  timeoutMs?: number,
  closeOnFailure = true,
): Promise<Settled> {
  try {
    const outcome = await era.discover({ signal, timeoutMs, resetTimeoutOnProgress: false });
    return {
      connection,
      stateless: era,
      era: "stateless",
      revision: outcome.revision,
      serverInfo: outcome.serverInfo,
      serverCapabilities: outcome.serverCapabilities,
      instructions: outcome.instructions,
    };
  } catch (error) {
    if (closeOnFailure) await connection.close();
    throw error;
  }
}
