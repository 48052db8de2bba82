import type { JsonRpcPayload, Transport, TransportHandlers } from "@mcpkit/core";

/** A transport whose far side is the test: what the client sends is recorded; replies are scripted. */
export class ScriptedTransport implements Transport {
  readonly sent: Record<string, unknown>[] = [];
  private handlers: TransportHandlers | undefined;
  private isClosed = false;
  private waiters: { method: string; resolve: (m: Record<string, unknown>) => void }[] = [];
  private resolveClosed!: () => void;
  readonly closed = new Promise<void>((resolve) => {
    this.resolveClosed = resolve;
  });

  /** Called for each message the client sends; answer with `reply`. */
  constructor(
    private readonly script: (message: Record<string, unknown>, peer: ScriptedTransport) => void = () => {},
  ) {}

  async start(handlers: TransportHandlers): Promise<void> {
    this.handlers = handlers;
  }

  async send(payload: JsonRpcPayload): Promise<void> {
    if (this.isClosed) throw new Error("closed");
    const message = JSON.parse(JSON.stringify(payload)) as Record<string, unknown>;
    this.sent.push(message);
    const waiter = this.waiters.find((w) => w.method === message.method);
    if (waiter) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
    queueMicrotask(() => this.script(message, this));
  }

  /** Delivers a message to the client, as if from the server. */
  deliver(value: unknown): void {
    if (!this.isClosed) this.handlers?.onMessage(JSON.parse(JSON.stringify(value)));
  }

  /** Answers a request with a result. */
  reply(request: Record<string, unknown>, result: unknown): void {
    this.deliver({ jsonrpc: "2.0", id: request.id, result });
  }

  /** Answers a request with an error. */
  fail(request: Record<string, unknown>, code: number, message: string, data?: unknown): void {
    this.deliver({
      jsonrpc: "2.0",
      id: request.id,
      error: { code, message, ...(data === undefined ? {} : { data }) },
    });
  }

  /** The next message with this method the client sends (or already sent). */
  next(method: string): Promise<Record<string, unknown>> {
    const found = this.sent.find((m) => m.method === method);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ method, resolve }));
  }

  methods(): string[] {
    return this.sent.map((m) => String(m.method ?? "(response)"));
  }

  async close(): Promise<void> {
    this.hangUp();
  }

  get isOpen(): boolean {
    return !this.isClosed;
  }

  /** The server goes away. */
  hangUp(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.handlers?.onClose();
    this.resolveClosed();
  }
}

/** A scripted server of a session revision: answers initialize, then `answers[method]`. */
export function scriptedSessionServer(
  revision: string,
  answers: Record<string, (params: Record<string, unknown>) => unknown> = {},
  capabilities: Record<string, unknown> = { tools: {}, resources: {}, prompts: {} },
): ScriptedTransport {
  return new ScriptedTransport((message, peer) => {
    if (message.id === undefined || message.method === undefined) return;
    const params = (message.params ?? {}) as Record<string, unknown>;
    if (message.method === "initialize") {
      peer.reply(message, {
        protocolVersion: revision,
        capabilities,
        serverInfo: { name: "scripted", version: "0" },
      });
      return;
    }
    const answer = answers[String(message.method)];
    if (answer) peer.reply(message, answer(params));
    else peer.fail(message, -32601, "Method not found");
  });
}
