/** Who sends a method. */
export type MethodDirection = "client-to-server" | "server-to-client" | "both";

/** The capability that must be declared before a method may be used. */
export interface MethodGate {
  /** Whose capabilities: the server's, the client's, or (for methods that flow both ways) the receiver's. */
  readonly side: "client" | "server" | "receiver";
  /** A dotted path into the capabilities object, e.g. `resources.subscribe`. */
  readonly path: string;
}

/** What one revision says about one method. */
export interface MethodInfo {
  readonly kind: "request" | "notification";
  readonly direction: MethodDirection;
  /**
   * `message`: sent as a JSON-RPC message. `input-required`: a server-to-client request that the
   * stateless era embeds in an `InputRequiredResult` instead of sending it.
   */
  readonly delivery: "message" | "input-required";
  /** The definition of the whole message, e.g. `CallToolRequest`. */
  readonly message: string;
  /** The named definition of its params, or null where the revision declares them inline. */
  readonly params: string | null;
  /** The definitions that may answer it (empty for notifications). */
  readonly results: readonly string[];
  readonly gate: MethodGate | null;
}

/** Method name → what the revision says about it. */
export type MethodTable = Readonly<Record<string, MethodInfo>>;
