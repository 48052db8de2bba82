import type { HttpCall, HttpReply, HttpSender } from "./http-sender.js";
import { hiddenRedirect } from "./redirect.js";

/**
 * An {@link HttpSender} on `fetch`: for browsers and Workers, and whenever the `fetch` option is
 * given (e.g. to inject a test double or a proxying fetch). Asks fetch not to follow redirects
 * (`redirect: "manual"`); a redirect it cannot read (a browser's opaque redirect) or one a custom
 * fetch followed to another origin anyway rejects with a `RedirectRefusedError`.
 */
export class FetchSender implements HttpSender {
  constructor(private readonly fetch: typeof globalThis.fetch) {}

  async send(call: HttpCall): Promise<HttpReply> {
    const { abort } = call;
    let signal: AbortSignal | undefined;
    let unhook = noop;
    if (abort) {
      const controller = new AbortController();
      unhook = abort.onAbort(() => controller.abort(abort.reason));
      signal = controller.signal;
    }
    let response: Response;
    try {
      response = await this.fetch(call.url, {
        method: call.method,
        // A Headers object, as injected fetches have always been given.
        headers: new Headers(call.headers as Record<string, string>),
        body: call.body,
        signal,
        // Never followed by fetch: the transport follows same-origin ones itself (redirect.ts).
        redirect: "manual",
      });
    } catch (error) {
      unhook();
      throw error;
    }
    const hidden = hiddenRedirect(call, response);
    if (hidden) {
      unhook();
      response.body?.cancel().catch(() => {});
      throw hidden;
    }
    // The switch stays hooked while the body is read (aborting cancels it), then lets go: a
    // long-lived switch (the GET stream's, across many resumptions) must not collect hooks.
    return new FetchReply(response, unhook);
  }

  close(): void {}
}

/** A fetch `Response` as an {@link HttpReply}. */
class FetchReply implements HttpReply {
  readonly status: number;
  readonly statusText: string;

  constructor(
    private readonly response: Response,
    private readonly done: () => void,
  ) {
    this.status = response.status;
    this.statusText = response.statusText;
  }

  header(name: string): string | null {
    return this.response.headers.get(name);
  }

  headers(): Headers {
    return this.response.headers;
  }

  async text(maxBytes: number): Promise<string | undefined> {
    try {
      return await this.readText(maxBytes);
    } finally {
      this.done();
    }
  }

  private async readText(maxBytes: number): Promise<string | undefined> {
    const { body } = this.response;
    if (!body) return "";
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let total = 0;
    let text = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        return undefined;
      }
      text += decoder.decode(value, { stream: true });
    }
  }

  async stream(sink: (text: string) => boolean): Promise<boolean> {
    try {
      return await this.readStream(sink);
    } finally {
      this.done();
    }
  }

  private async readStream(sink: (text: string) => boolean): Promise<boolean> {
    const { body } = this.response;
    if (!body) return true;
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let ended = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          ended = true;
          const rest = decoder.decode();
          if (rest !== "") sink(rest);
          return true;
        }
        if (!sink(decoder.decode(value, { stream: true }))) return false;
      }
    } finally {
      if (!ended) await reader.cancel().catch(() => {});
    }
  }

  cancel(): void {
    this.done();
    this.response.body?.cancel().catch(() => {});
  }
}

function noop(): void {}
