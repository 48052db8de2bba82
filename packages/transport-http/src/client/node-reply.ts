import type { IncomingMessage } from "node:http";
import type { AbortSwitch } from "./abort-switch.js";
import type { HttpReply } from "./http-sender.js";

/** How long, and how much, a stream given up mid-way may still drain to keep its connection. */
const DRAIN_MS = 1000;
const DRAIN_CHARS = 64 * 1024;

/** A node:http response as an {@link HttpReply}: read with `data` events, no web streams. */
export class NodeReply implements HttpReply {
  readonly status: number;
  readonly statusText: string;

  constructor(
    private readonly response: IncomingMessage,
    abort: AbortSwitch | undefined,
  ) {
    this.status = response.statusCode ?? 0;
    this.statusText = response.statusMessage ?? "";
    // Failures reach the reader through text() or stream(); an unread reply must not throw.
    response.on("error", ignore);
    if (abort) {
      const unhook = abort.onAbort(() => response.destroy(abort.reason));
      response.once("close", unhook);
    }
  }

  header(name: string): string | null {
    // Scans the raw pairs: asking `response.headers` builds an object of every header first.
    const raw = this.response.rawHeaders;
    let found: string | null = null;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const key = raw[i] as string;
      if (key.length !== name.length || key.toLowerCase() !== name) continue;
      const value = raw[i + 1] as string;
      found = found === null ? value : `${found}, ${value}`;
    }
    return found;
  }

  headers(): Headers {
    const headers = new Headers();
    const raw = this.response.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      try {
        headers.append(raw[i] as string, raw[i + 1] as string);
      } catch {
        // A header fetch would refuse is left out, as fetch leaves it out.
      }
    }
    return headers;
  }

  text(maxBytes: number): Promise<string | undefined> {
    const response = this.response;
    if (response.destroyed) return Promise.reject(response.errored ?? brokenOff());
    const declared = Number(this.header("content-length"));
    if (declared > maxBytes) {
      this.cancel();
      return Promise.resolve(undefined);
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let total = 0;
      let settled = false;
      response.on("data", (chunk: Buffer) => {
        if (settled) return;
        total += chunk.length;
        if (total <= maxBytes) return void chunks.push(chunk);
        settled = true;
        response.destroy();
        resolve(undefined);
      });
      response.once("end", () => {
        settled = true;
        const text =
          chunks.length === 1 ? (chunks[0] as Buffer).toString() : Buffer.concat(chunks, total).toString();
        resolve(withoutBom(text));
      });
      response.once("error", (error) => {
        settled = true;
        reject(error);
      });
      response.once("close", () => {
        if (!settled) reject(brokenOff());
      });
    });
  }

  stream(sink: (text: string) => boolean): Promise<boolean> {
    const response = this.response;
    if (response.destroyed) return Promise.reject(response.errored ?? brokenOff());
    response.setEncoding("utf8");
    return new Promise((resolve, reject) => {
      let settled = false;
      let first = true;
      const onData = (text: string) => {
        if (settled) return;
        let piece = text;
        if (first && piece !== "") {
          first = false;
          piece = withoutBom(piece);
        }
        let more: boolean;
        try {
          more = sink(piece);
        } catch (error) {
          settled = true;
          response.destroy();
          reject(error);
          return;
        }
        if (more) return;
        settled = true;
        response.off("data", onData);
        this.drain();
        resolve(false);
      };
      response.on("data", onData);
      response.once("end", () => {
        settled = true;
        resolve(true);
      });
      response.once("error", (error) => {
        settled = true;
        reject(error);
      });
      response.once("close", () => {
        if (!settled) reject(brokenOff());
      });
    });
  }

  cancel(): void {
    // A body already in whole is read out, which frees the connection for the next request.
    if (this.response.complete) this.response.resume();
    else this.response.destroy();
  }

  /**
   * The reader is done, but the server has likely just ended the stream too (an SSE answer
   * ends right after its response): let that end arrive, briefly, so the connection is reused.
   */
  private drain(): void {
    const response = this.response;
    if (response.complete) return void response.resume();
    let left = DRAIN_CHARS;
    const timer = setTimeout(() => response.destroy(), DRAIN_MS);
    timer.unref();
    response.on("data", (text: string) => {
      left -= text.length;
      if (left < 0) response.destroy();
    });
    response.once("close", () => clearTimeout(timer));
    response.resume();
  }
}

function ignore(): void {}

function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function brokenOff(): Error {
  return Object.assign(new Error("the connection closed before the response ended"), { code: "ECONNRESET" });
}
