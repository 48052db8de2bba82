import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { Refusal } from "./upgrade.js";

/** Answers an upgrade request with a plain HTTP response and drops the connection. */
export function refuse(socket: Duplex, refusal: Refusal): void {
  const body = Buffer.from(refusal.body, "utf8");
  const lines = [
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? ""}`,
    "Connection: close",
    `Content-Type: ${refusal.contentType ?? "text/plain; charset=utf-8"}`,
    `Content-Length: ${body.length}`,
    ...Object.entries(refusal.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ];
  if (socket.writable) socket.end(Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), body]));
  else socket.destroy();
}
