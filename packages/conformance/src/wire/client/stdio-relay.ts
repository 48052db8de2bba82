import { createHash } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { type Server, type Socket, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Inbox } from "../../run/inbox.js";
import { Deferred, withTimeout } from "../../run/time.js";
import { LineReader } from "../line-reader.js";
import type { CloseInfo, Outgoing } from "../wire.js";
import type { ServerEndpoint } from "./client-wire.js";

/**
 * The relay a client under test starts as its "stdio server": it copies its stdin to a loopback TCP
 * socket and the socket to its stdout, byte for byte, so the runner sees the client's framing.
 */
const RELAY_SOURCE = `"use strict";
const net = require("node:net");
const socket = net.connect(Number(process.argv[3]), process.argv[2]);
process.stdin.pipe(socket);
socket.pipe(process.stdout);
socket.on("error", () => process.exit(1));
socket.on("close", () => process.exit(0));
process.stdin.on("end", () => socket.end());
`;

let relayPath: string | undefined;

/** Writes the relay script once per process (content-addressed, so concurrent runners agree). */
function relayScript(): string {
  if (relayPath !== undefined) return relayPath;
  const hash = createHash("sha256").update(RELAY_SOURCE).digest("hex").slice(0, 12);
  const path = join(tmpdir(), `mcpkit-conformance-relay-${hash}.cjs`);
  if (!existsSync(path)) writeFileSync(path, RELAY_SOURCE);
  relayPath = path;
  return path;
}

/** Client mode over stdio: the runner is the server behind the relay. */
export class StdioRelayEndpoint implements ServerEndpoint {
  private server: Server | undefined;
  private readonly socket = new Deferred<Socket>();
  /** The newest relay connection: a client may restart its stdio server; the script goes on. */
  private current: Socket | undefined;
  private ended = new Deferred<CloseInfo>();
  private readonly all = new Set<Socket>();

  constructor(private readonly inbox: Inbox) {}

  async listen(): Promise<string> {
    const server = createServer((socket) => {
      if (this.current) this.ended = new Deferred<CloseInfo>();
      this.current = socket;
      this.all.add(socket);
      this.socket.resolve(socket);
      const ended = this.ended;
      const reader = new LineReader(
        (line, invalidUtf8) => this.inbox.push(line, invalidUtf8 ? { invalidUtf8 } : {}),
        () => socket.destroy(),
      );
      socket.on("data", (chunk: Uint8Array) => reader.push(chunk));
      socket.on("end", () => {
        reader.end();
        ended.resolve({});
        this.inbox.wake();
      });
      socket.on("close", () => ended.resolve({}));
      socket.on("error", () => {});
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    return `${shellWord(process.execPath)} ${relayScript()} 127.0.0.1 ${port}`;
  }

  env(address: string): Record<string, string> {
    return { MCP_CONFORMANCE_SERVER_COMMAND: address };
  }

  async send(out: Outgoing, timeoutMs: number): Promise<void> {
    await withTimeout(
      this.socket.promise,
      timeoutMs,
      `the client did not start the stdio server within ${timeoutMs} ms`,
    );
    const socket = this.current;
    if (!socket?.writable) throw new Error("the client closed the stdio connection");
    socket.write(out.newline ? `${out.text}\n` : out.text);
  }

  async close(): Promise<void> {
    this.current?.end();
  }

  closed(): Promise<CloseInfo> {
    return this.ended.promise;
  }

  async dispose(): Promise<void> {
    for (const socket of this.all) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function shellWord(word: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
