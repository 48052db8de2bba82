import { rmSync } from "node:fs";
import { type Server, type Socket, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { runTransportContract, type TransportPair } from "@mcpkit/transport-contract";
import { StdioClientTransport, StdioServerTransport, StreamTransport } from "../src/index.js";
import { fixture } from "./helpers.js";

/** Fits the suite's 8 MiB large message, which frames to about 9.5 MiB of JSON. */
const MAX_BYTES = 10 * 1024 * 1024;

// a: the client side, a stream transport; b: the server transport; two in-process pipes between them.
runTransportContract(
  "stdio over in-process streams",
  async (): Promise<TransportPair> => {
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    const a = new StreamTransport({ input: toClient, output: toServer, maxMessageBytes: MAX_BYTES });
    const b = new StdioServerTransport({ input: toServer, output: toClient, maxMessageBytes: MAX_BYTES });
    return {
      a,
      b,
      writeRawToB: async (frame) => {
        toServer.write(`${frame}\n`);
      },
      dispose: async () => {
        await Promise.all([a.close(), b.close()]);
      },
    };
  },
  { maxMessageBytes: MAX_BYTES, rawFrames: true },
);

let relays = 0;

// a: the client transport spawning a real child, which relays its stdin and stdout over a socket
// to b, a stream transport in this process. The child's exit and the pipes are real.
runTransportContract(
  "stdio through a spawned relay process",
  async (): Promise<TransportPair> => {
    const path =
      process.platform === "win32"
        ? `\\\\.\\pipe\\mcpkit-relay-${process.pid}-${++relays}`
        : join(tmpdir(), `mcpkit-relay-${process.pid}-${++relays}.sock`);
    // b exists before the child connects: it reads and writes pipes that are joined to the socket later.
    const fromRelay = new PassThrough();
    const toRelay = new PassThrough();
    const sockets: Socket[] = [];
    const server: Server = createServer((socket) => {
      sockets.push(socket);
      socket.pipe(fromRelay);
      toRelay.pipe(socket);
      socket.on("error", () => {});
    });
    await new Promise<void>((resolve) => server.listen(path, resolve));
    const a = new StdioClientTransport({
      command: process.execPath,
      args: [fixture("relay.mjs"), path],
      stderr: "ignore",
      maxMessageBytes: MAX_BYTES,
      stdinGraceMs: 2000,
      sigtermGraceMs: 1000,
    });
    const b = new StreamTransport({ input: fromRelay, output: toRelay, maxMessageBytes: MAX_BYTES });
    return {
      a,
      b,
      dispose: async () => {
        await Promise.all([a.close(), b.close()]);
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        if (process.platform !== "win32") rmSync(path, { force: true });
      },
    };
  },
  { maxMessageBytes: MAX_BYTES },
);
