import WebSocket from "ws";
import type { Inbox } from "../run/inbox.js";
import { Deferred, withTimeout } from "../run/time.js";
import { parseBody } from "./http-body.js";
import type { CloseInfo, ConnectOptions, ConnectResult, Outgoing, Wire } from "./wire.js";

/** Drives a server under test over WebSocket (docs/websocket.md): one JSON value per text frame. */
export class WsClientWire implements Wire {
  readonly gone = new Deferred<string>();
  private socket: WebSocket | undefined;
  private readonly closedInfo = new Deferred<CloseInfo>();

  constructor(
    readonly inbox: Inbox,
    private readonly url: string,
    private readonly connectTimeoutMs: number,
    private readonly authToken?: string,
  ) {}

  async connect(options: ConnectOptions = {}): Promise<ConnectResult> {
    const socket = new WebSocket(this.url, options.protocols ?? ["mcp"], {
      // The upgrade request carries the token when the runner was given one (§9.1).
      headers: {
        ...(this.authToken === undefined ? {} : { authorization: `Bearer ${this.authToken}` }),
        ...options.headers,
      },
      perMessageDeflate: false,
      maxPayload: 16 * 1024 * 1024,
    });
    this.socket = socket;
    const outcome = new Promise<ConnectResult>((resolve, reject) => {
      socket.once("open", () => resolve({ status: 101, protocol: socket.protocol }));
      socket.once("unexpected-response", (_request, response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
        });
        response.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [key, value] of Object.entries(response.headers)) {
            if (value !== undefined) headers[key] = Array.isArray(value) ? value.join(", ") : value;
          }
          resolve({ status: response.statusCode ?? 0, headers, body: parseBody(text) });
          socket.terminate();
        });
      });
      socket.once("error", (error) => reject(error));
    });
    socket.on("message", (data, isBinary) => {
      const text = Array.isArray(data)
        ? Buffer.concat(data).toString("utf8")
        : Buffer.from(data as ArrayBuffer).toString("utf8");
      this.inbox.push(isBinary ? text : text);
    });
    socket.on("close", (code, reason) => {
      this.closedInfo.resolve({ code, reason: reason.toString("utf8") });
      if (!this.gone.settled)
        this.gone.resolve(
          `the WebSocket closed with code ${code}${reason.length ? ` (${reason.toString("utf8")})` : ""}`,
        );
      this.inbox.wake();
    });
    socket.on("error", () => {});
    try {
      return await withTimeout(
        outcome,
        this.connectTimeoutMs,
        `WebSocket connect timed out after ${this.connectTimeoutMs} ms`,
      );
    } catch (error) {
      const reason = `WebSocket connect failed: ${(error as Error).message}`;
      if (!this.gone.settled) this.gone.resolve(reason);
      throw new Error(reason);
    }
  }

  async send(out: Outgoing): Promise<undefined> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return undefined;
    socket.send(out.binary ? Buffer.from(out.text, "utf8") : out.text, { binary: out.binary });
    return undefined;
  }

  async close(code = 1000, reason = ""): Promise<void> {
    this.socket?.close(code, reason);
  }

  closed(): Promise<CloseInfo> {
    return this.closedInfo.promise;
  }

  exited(): undefined {
    return undefined;
  }

  diagnostics(): string {
    return "";
  }

  async dispose(): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    socket.close(1000);
    await Promise.race([this.closedInfo.promise, new Promise((r) => setTimeout(r, 500))]);
    socket.terminate();
  }
}
