import type { ResumedSession } from "./session-server.js";
import type { Era, Revision } from "@mcpkit/schema";
import type { McpError } from "../errors.js";
import type { JsonRpcNotification, JsonRpcRequest } from "../jsonrpc/types.js";
import type {
  JsonObject,
  NotificationHandler,
  NotifyOptions,
  Params,
  PeerInfo,
  RequestContext,
  RequestHandler,
  RequestOptions,
} from "../engine/types.js";

/** Which end of the connection this side is. */
export type Role = "client" | "server";

/** A capabilities object (`ClientCapabilities` or `ServerCapabilities` of any revision). */
export type Capabilities = Readonly<Record<string, unknown>>;

/** A peer's name and version (the `Implementation` of every revision; later revisions add title, icons, ...). */
export interface ImplementationInfo {
  readonly name: string;
  readonly version: string;
  readonly [key: string]: unknown;
}

/** What an era may do with the connection it is bound to. */
export interface EraHost {
  /** Sends a request to the peer and resolves with its result. */
  request(method: string, params?: Params, options?: RequestOptions): Promise<JsonObject>;
  /** Sends a notification to the peer. */
  notify(method: string, params?: Params, options?: NotifyOptions): Promise<void>;
  /** Closes the connection. */
  close(): Promise<void>;
}

/** Whether an inbound message may proceed, and under which revision. */
export type Admission =
  | { readonly ok: true; readonly revision: Revision; readonly peer: PeerInfo }
  | {
      readonly ok: false;
      /** The error to answer a request with (notifications that are refused are dropped). */
      readonly error: McpError;
    };

/** An outbound message as the era lets it go: the revision that governs it and its final params. */
export interface Outbound {
  readonly revision: Revision;
  readonly params: Params | undefined;
}

/**
 * One protocol era, on one side of one connection: the lifecycle rules the engine defers to. The
 * engine does the JSON-RPC work (ids, timeouts, validation, capability gates from the method table);
 * the era says which revision governs each message, refuses what its lifecycle forbids, adds what
 * its messages must carry, and provides the era's built-in methods (`initialize`, `server/discover`).
 *
 * An era instance holds the state of one connection: bind each to exactly one `Connection`.
 */
export interface EraStrategy {
  readonly era: Era;
  readonly role: Role;
  /** Called once by the connection that owns the era. */
  bind(host: EraHost): void;
  /** The negotiated revision (session era) or the era's default revision; undefined before negotiation. */
  readonly revision: Revision | undefined;
  /** Whether an inbound JSON-RPC batch is accepted now. */
  acceptsBatches(): boolean;
  /** Lifecycle and version checks for an inbound request. */
  admitRequest(request: JsonRpcRequest): Admission;
  /** Lifecycle and version checks for an inbound notification; refused ones are dropped. */
  admitNotification(notification: JsonRpcNotification): Admission;
  /** Lifecycle checks for an outbound request, and the params to send; throws `LocalError`. */
  prepareRequest(method: string, params: Params | undefined): Outbound;
  /** Lifecycle checks for an outbound notification, and the params to send; throws `LocalError`. */
  prepareNotification(method: string, params: Params | undefined): Outbound;
  /** This side's declared capabilities (inbound requests for undeclared features are refused). */
  ownCapabilities(): Capabilities | undefined;
  /** The peer's declared capabilities, or undefined while unknown (outbound gates are then not checked). */
  peerCapabilities(): Capabilities | undefined;
  /** A method the era answers itself (`ping`, `initialize`, `server/discover`), taking precedence over registered handlers. */
  builtinRequestHandler(method: string): RequestHandler | undefined;
  /** A notification the era consumes itself (`notifications/initialized`); registered handlers run after it. */
  builtinNotificationHandler(method: string): NotificationHandler | undefined;
  /**
   * Runs a request handler: eras that add to the handler's context or the result (the stateless
   * era's input rounds, `resultType`, server info) wrap `next` here. May answer at once (a value,
   * which is sent in the same turn) or later (a promise); may throw.
   */
  handle(params: Params, ctx: RequestContext, next: RequestHandler): JsonObject | Promise<JsonObject>;
  /** Normalises a result received for an outbound request before it is validated and returned. */
  completeResult(method: string, result: JsonObject): JsonObject;
  /** The connection closed. */
  closed(): void;
  /**
   * Session-era servers: starts in the state of a session continued from elsewhere (the
   * transport's `resumedSession`); eras without it refuse such a transport.
   */
  resume?(session: ResumedSession): void;
}
