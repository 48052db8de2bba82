import { statelessRevisions } from "@mcpkit/core";
import { Server, tasksExtension } from "@mcpkit/server";
import type { FleetStores } from "./fleet.js";
import { type FixtureState, fixtureGroups, inputRequiredFixtures, revisionGate } from "../fixtures/index.js";
import { localFixtures } from "../fixtures/shared.js";

/** Options of {@link createEverythingServer}. */
export interface EverythingServerOptions {
  /** The `requestState` sealing key (at least 16 bytes); the input-required fixtures share it. */
  readonly requestStateSecret: string;
  /** Serve only the stateless era (2026-07-28): `initialize` is refused. Default: every revision. */
  readonly statelessOnly?: boolean;
  /** Problems with no caller to report to. */
  readonly onError?: (error: Error) => void;
  /** Shared stores that make several processes one fleet (`--redis`). Default: in memory. */
  readonly fleet?: FleetStores;
}

/** The server definition and the state its fixtures share with the transport wiring. */
export interface EverythingServer {
  readonly server: Server;
  readonly state: FixtureState;
  readonly fleet?: FleetStores;
}

export const SERVER_INFO = { name: "mcpkit-everything-server", version: "0.1.0" } as const;

/**
 * The everything-server's definition: every fixture of the official conformance suite (and
 * mcpkit's own), serving every revision from 2024-11-05 to 2026-07-28.
 *
 * @example
 * ```ts
 * const { server } = createEverythingServer({ requestStateSecret: "a secret of 16+ bytes" });
 * await server.connect(new StdioServerTransport());
 * ```
 */
export function createEverythingServer(options: EverythingServerOptions): EverythingServer {
  const server = new Server(SERVER_INFO, {
    instructions: "The mcpkit everything-server: fixtures for conformance testing.",
    requestState: { secret: options.requestStateSecret },
    // One task per tasks/list page, so that the tasks transcripts exercise nextCursor.
    tasks: { pageSize: 1, ...(options.fleet ? { store: options.fleet.taskStore } : {}) },
    ...(options.fleet ? { bus: options.fleet.bus, subscriptions: options.fleet.subscriptions } : {}),
    extensions: [tasksExtension()],
    ...(options.statelessOnly ? { revisions: statelessRevisions } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  const state: FixtureState = {
    watchedVersion: 1,
    knownRoots: new WeakMap(),
    streams: new WeakMap(),
    shared: options.fleet?.fixtures ?? localFixtures(),
  };
  server.use(revisionGate);
  for (const group of fixtureGroups) group(server, state);
  inputRequiredFixtures(server, options.requestStateSecret);
  return options.fleet ? { server, state, fleet: options.fleet } : { server, state };
}
