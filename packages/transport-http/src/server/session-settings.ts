import type { ResumedSession } from "@mcpkit/core";
import type { FleetSettings } from "./fleet-session.js";
import type { IdleClock } from "./idle-clock.js";
import type { HttpServerTransport } from "./session-transport.js";
import type { StreamSettings } from "./session-streams.js";

/** How a transport serves its session (default: a fresh session of this process). */
export interface TransportMode {
  /** The session continues from elsewhere (see `Transport.resumedSession`). */
  readonly resumedSession?: ResumedSession;
  /**
   * One POST of a sessionless endpoint: nothing goes to a GET stream, the server sends no
   * requests, and the transport ends once the POST's requests are answered.
   */
  readonly sessionless?: boolean;
  /** The store and bus that make the session servable by any process of a fleet. */
  readonly fleet?: FleetSettings;
  /** The session was rebuilt here from its record (another process opened it). */
  readonly rebuilt?: boolean;
}

/** Settings of the sessions of one handler, from its options (one object for all of them). */
export interface SessionSettings extends StreamSettings {
  readonly maxMessageBytes: number;
  /** Ends sessions left idle for the handler's `idleTimeoutMs`. */
  readonly idleClock: IdleClock<HttpServerTransport>;
  /** Called once when a session ends, so the handler forgets it. */
  onEnd(session: HttpServerTransport): void;
}
