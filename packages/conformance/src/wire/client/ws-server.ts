import { WebSocket, WebSocketServer } from "ws";
import type { Inbox } from "../../run/inbox.js";
import { Deferred, withTimeout } from "../../run/time.js";
import type { CloseInfo, Outgoing } from "../wire.js";
import type { ServerEndpoint } from "./client-wire.js";

/** Client mode over WebSocket: the runner listens on ws://127.0.0.1:PORT/mcp, subprotocol `mcp`. */
export class WsServerEndpoint implements ServerEndpoint {
  private server: WebSocketServer | undefined;
  private readonly socket = new Deferred<WebSocket>();
  private ended = new Deferred<CloseInfo>();
  /** The newest connection: a client may reconnect; the script goes on with the new one. */
  private current: WebSocket | undefined;
  private readonly all = new Set<WebSocket>();

  constructor(private readonly inbox: Inbox) {}

  async listen(): Promise<string> {
    const server = new WebSocketServer({
      host: "127.0.0.1",
      port: 0,
      path: "/mcp",
      perMessageDeflate: false,
      maxPayload: 16 * 1024 * 1024,
      handleProtocols: (protocols) => (protocols.has("mcp") ? "mcp" : false),
    });
    this.server = server;
    server.on("connection", (socket, request) => {
      if (this.current) this.ended = new Deferred<CloseInfo>();
      this.current = socket;
      this.all.add(socket);
      this.socket.resolve(socket);
      const ended = this.ended;
      const http = {
        method: request.method ?? "GET",
        path: request.url ?? "",
        headers: flatten(request.headers),
      };
      socket.on("message", (data) => {
        const text = Array.isArray(data)
          ? Buffer.concat(data).toString("utf8")
          : Buffer.from(data as ArrayBuffer).toString("utf8");
        this.inbox.push(text, { http });
      });
      socket.on("close", (code, reason) => {
        ended.resolve({ code, reason: reason.toString("utf8") });
        this.inbox.wake();
      });
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    return `ws://127.0.0.1:${port}/mcp`;
  }

  env(): Record<string, string> {
    return {};
  }

  async send(out: Outgoing, timeoutMs: number): Promise<void> {
    await withTimeout(this.socket.promise, timeoutMs, `the client did not connect within ${timeoutMs} ms`);
    const socket = this.current;
    if (!socket || socket.readyState !== WebSocket.OPEN) throw new Error("the client closed the WebSocket");
    socket.send(out.binary ? Buffer.from(out.text, "utf8") : out.text, { binary: out.binary });
  }

  async close(code = 1000, reason = ""): Promise<void> {
    const socket = this.current;
    if (socket && socket.readyState === WebSocket.OPEN) socket.close(code, reason);
  }

  closed(): Promise<CloseInfo> {
    return this.ended.promise;
  }

  async dispose(): Promise<void> {
    for (const socket of this.all) socket.terminate();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Lower-case header map from node's incoming headers. */
export function flatten(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) out[key.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}
