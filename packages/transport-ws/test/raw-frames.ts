import { randomBytes } from "node:crypto";
import { type Socket, connect } from "node:net";
import { withTimeout } from "./helpers.js";

/** A client frame header: FIN, opcode, masked (with a zero key, so the payload goes as it is). */
export function frameHeader(opcode: number, fin: boolean, length: number): Buffer {
  const first = (fin ? 0x80 : 0) | opcode;
  const zeroMask = Buffer.alloc(4);
  if (length < 126) return Buffer.concat([Uint8Array.of(first, 0x80 | length), zeroMask]);
  if (length < 65_536)
    return Buffer.concat([Uint8Array.of(first, 0x80 | 126, length >> 8, length & 0xff), zeroMask]);
  const extended = Buffer.alloc(8);
  extended.writeBigUInt64BE(BigInt(length));
  return Buffer.concat([Uint8Array.of(first, 0x80 | 127), extended, zeroMask]);
}

/** A whole client frame. */
export function frame(opcode: number, fin: boolean, payload: Buffer | string): Buffer {
  const bytes = typeof payload === "string" ? Buffer.from(payload) : payload;
  return Buffer.concat([frameHeader(opcode, fin, bytes.length), bytes]);
}

/** A WebSocket opened by hand on a TCP socket (upgrade request sent, 101 read), for writing frames byte by byte. */
export async function rawUpgrade(url: string): Promise<Socket> {
  const { hostname, port, pathname } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.on("error", () => {});
  await withTimeout(new Promise((resolve) => socket.once("connect", resolve)), 5000, "a TCP connection");
  socket.write(
    [
      `GET ${pathname} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      "Upgrade: websocket",
      "Connection: Upgrade",
      `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}`,
      "Sec-WebSocket-Version: 13",
      "Sec-WebSocket-Protocol: mcp",
      "",
      "",
    ].join("\r\n"),
  );
  const head = await withTimeout(
    new Promise<string>((resolve) => {
      let text = "";
      const onData = (chunk: Buffer) => {
        text += chunk.toString("latin1");
        if (!text.includes("\r\n\r\n")) return;
        socket.off("data", onData);
        resolve(text);
      };
      socket.on("data", onData);
    }),
    5000,
    "the upgrade response",
  );
  if (!head.startsWith("HTTP/1.1 101")) throw new Error(`the upgrade was refused: ${head.split("\r\n")[0]}`);
  return socket;
}

/** The close frame the server sends on a raw socket: its code and reason. */
export function closeFrameOf(socket: Socket, ms = 5000): Promise<{ code: number; reason: string }> {
  return withTimeout(
    new Promise((resolve) => {
      let bytes = Buffer.alloc(0);
      const onData = (chunk: Buffer) => {
        bytes = Buffer.concat([bytes, chunk]);
        // Server frames are unmasked; a close frame's payload is under 126 bytes.
        while (bytes.length >= 2 && bytes.length >= 2 + ((bytes[1] as number) & 0x7f)) {
          const length = (bytes[1] as number) & 0x7f;
          if (((bytes[0] as number) & 0x0f) === 0x8) {
            socket.off("data", onData);
            resolve({ code: bytes.readUInt16BE(2), reason: bytes.subarray(4, 2 + length).toString("utf8") });
            return;
          }
          bytes = bytes.subarray(2 + length);
        }
      };
      socket.on("data", onData);
    }),
    ms,
    "a close frame",
  );
}
