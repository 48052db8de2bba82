import type { Json } from "../../model/json.js";
import type { Revision, TransportName } from "../../model/revisions.js";
import type { Transcript } from "../../model/transcript.js";
import type { Inbox } from "../../run/inbox.js";
import type { RequestLog } from "../../run/request-log.js";
import { Deferred, delay } from "../../run/time.js";
import { ChildHandle, describeExit } from "../process.js";
import type { CloseInfo, ExitInfo, HttpResponseInfo, Outgoing, Wire } from "../wire.js";
import { HttpServerEndpoint } from "./http-server.js";
import { StdioRelayEndpoint } from "./stdio-relay.js";
import { WsServerEndpoint } from "./ws-server.js";

/** The runner's scripted-server side of one client run, for one transport. */
export interface ServerEndpoint {
  /** Starts listening; returns the address handed to the client (its last argument). */
  listen(): Promise<string>;
  /** Sends one message to the client (routing is transport specific). */
  send(out: Outgoing, timeoutMs: number): Promise<void>;
  close(code?: number, reason?: string): Promise<void>;
  closed(): Promise<CloseInfo>;
  dispose(): Promise<void>;
  /** Extra environment for the client process. */
  env(address: string): Record<string, string>;
  /** Variables the endpoint contributes once listening (e.g. `mcpUrl`). */
  variables?(): Record<string, Json>;
  /** HTTP requests the client made (HTTP endpoints only). */
  readonly requests?: RequestLog;
}

/** Options for a client-mode wire. */
export interface ClientWireOptions {
  transport: TransportName;
  command: string;
  transcript: Transcript;
  revision: Revision;
  inbox: Inbox;
}

/** Quotes one word for `sh`. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/**
 * A client under test: the runner listens as a scripted server, then starts the client command with
 * the server address as the last argument (docs/conformance-format.md §8.5).
 */
export class ClientWire implements Wire {
  readonly gone = new Deferred<string>();
  private handle: ChildHandle | undefined;
  readonly requests: RequestLog | undefined;

  constructor(
    readonly inbox: Inbox,
    private readonly endpoint: ServerEndpoint,
    private readonly options: ClientWireOptions,
  ) {
    this.requests = endpoint.requests;
  }

  async connect(): Promise<undefined> {
    const address = await this.endpoint.listen();
    const t = this.options.transcript;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      MCP_CONFORMANCE_SCENARIO: t.scenario ?? t.id,
      MCP_CONFORMANCE_PROTOCOL_VERSION: this.options.revision,
      MCP_CONFORMANCE_TRANSPORT: this.options.transport,
      ...this.endpoint.env(address),
    };
    if (t.context !== undefined) {
      env.MCP_CONFORMANCE_CONTEXT = JSON.stringify({ name: t.scenario ?? t.id, ...t.context });
    }
    const handle = new ChildHandle(`${this.options.command} ${shellQuote(address)}`, [], env);
    this.handle = handle;
    // The client's stdout is its own business (logs); only its exit and stderr matter.
    handle.child.stdout.resume();
    void handle.closedAll.promise.then((exit) => {
      const tail = handle.stderrTail();
      if (!this.gone.settled)
        this.gone.resolve(`the client ${describeExit(exit)}${tail ? `; stderr: ${tail}` : ""}`);
      this.inbox.wake();
      this.requests?.wake();
    });
    return undefined;
  }

  async send(
    out: Outgoing,
    _wantResponse: boolean,
    timeoutMs: number,
  ): Promise<HttpResponseInfo | undefined> {
    await this.endpoint.send(out, timeoutMs);
    return undefined;
  }

  close(code?: number, reason?: string): Promise<void> {
    return this.endpoint.close(code, reason);
  }

  closed(): Promise<CloseInfo> {
    return this.endpoint.closed();
  }

  exited(): Promise<ExitInfo> | undefined {
    return this.handle?.exit.promise;
  }

  variables(): Record<string, Json> {
    return this.endpoint.variables?.() ?? {};
  }

  diagnostics(): string {
    return this.handle?.stderrTail() ?? "";
  }

  async dispose(): Promise<void> {
    // Let the client notice the end of the connection and exit by itself, then make sure it did.
    await this.endpoint.close().catch(() => undefined);
    if (this.handle && !this.handle.exit.settled) await Promise.race([this.handle.exit.promise, delay(2000)]);
    await this.handle?.stop(500);
    await this.endpoint.dispose().catch(() => undefined);
  }
}

/** The client-mode wire for a transport. */
export function createClientWire(options: ClientWireOptions): Wire {
  const { inbox, transport, revision } = options;
  switch (transport) {
    case "stdio":
      return new ClientWire(inbox, new StdioRelayEndpoint(inbox), options);
    case "ws":
      return new ClientWire(inbox, new WsServerEndpoint(inbox), options);
    case "http":
      return new ClientWire(inbox, new HttpServerEndpoint(inbox, revision, options.transcript.auth), options);
    case "sse":
      throw new Error("client mode does not support the legacy sse transport; use stdio, http or ws");
  }
}
