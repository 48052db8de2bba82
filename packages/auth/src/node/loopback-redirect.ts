import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { openBrowser } from "./open-browser.js";

/** Options of {@link loopbackRedirect}. */
export interface LoopbackRedirectOptions {
  /** The port to listen on (127.0.0.1). Default 0: a random free port. */
  readonly port?: number;
  /** The callback path. Default `/callback`. */
  readonly path?: string;
  /** How long one authorization may take before `redirect` rejects. Default 300 000 ms (5 min). */
  readonly timeoutMs?: number;
  /** Opens the authorization URL. Default: the system browser ({@link openBrowser}). */
  readonly open?: (url: URL) => void | Promise<void>;
  /** Told the authorization URL too (e.g. print it, for when no browser opens). */
  readonly onAuthorizationUrl?: (url: URL) => void;
  /** The page shown in the browser once the redirect arrived. */
  readonly successHtml?: string;
}

/** A running loopback redirect listener. */
export interface LoopbackRedirect {
  /** `http://127.0.0.1:<port><path>`: register this as the redirect URI. */
  readonly redirectUrl: string;
  /**
   * Opens the authorization URL and resolves with the callback URL the browser came back to;
   * rejects after `timeoutMs`. One authorization at a time: each accepts exactly one callback,
   * the one carrying its `state`; any other request gets 400 and changes nothing.
   */
  redirect(authorizationUrl: URL): Promise<string>;
  /** Stops listening. */
  close(): Promise<void>;
}

interface Pending {
  readonly state: string | null;
  readonly resolve: (url: string) => void;
}

/**
 * A redirect URI for a CLI or desktop app (RFC 8252 §7.3): listens on 127.0.0.1 (random port),
 * opens the browser at the authorization URL, and resolves with the callback the browser is sent
 * to. Plug it into `OAuthClientProvider` as `redirectUrl` and `redirect`.
 *
 * @example
 * ```ts
 * import { OAuthClientProvider } from "@mcpkit/auth";
 * import { FileTokenStore, loopbackRedirect } from "@mcpkit/auth/node";
 * const callback = await loopbackRedirect({ onAuthorizationUrl: (url) => console.error(`Open ${url}`) });
 * const authProvider = new OAuthClientProvider({
 *   redirectUrl: callback.redirectUrl,
 *   redirect: (url) => callback.redirect(url),
 *   store: new FileTokenStore(`${process.env.HOME}/.config/my-app/auth.json`),
 * });
 * ```
 */
export async function loopbackRedirect(options: LoopbackRedirectOptions = {}): Promise<LoopbackRedirect> {
  const path = options.path ?? "/callback";
  let pending: Pending | undefined;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const waiting = pending;
    if (
      req.method !== "GET" ||
      url.pathname !== path ||
      !waiting ||
      url.searchParams.get("state") !== waiting.state
    ) {
      res
        .writeHead(400, { "content-type": "text/plain; charset=utf-8" })
        .end("No authorization is waiting for this.");
      return;
    }
    pending = undefined;
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(options.successHtml ?? "<!doctype html><p>Authorization received. You can close this window.</p>");
    waiting.resolve(`${redirectUrl}${url.search}`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  // Waiting for a browser must not keep the process alive on its own.
  server.unref();
  const redirectUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  const open = options.open ?? ((url: URL) => openBrowser(url));

  return {
    redirectUrl,
    async redirect(authorizationUrl) {
      if (pending) throw new Error("an authorization is already waiting on this loopback listener");
      const timeoutMs = options.timeoutMs ?? 300_000;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const arrived = new Promise<string>((resolve, reject) => {
        pending = { state: authorizationUrl.searchParams.get("state"), resolve };
        timer = setTimeout(() => {
          pending = undefined;
          reject(new Error(`no authorization came back to ${redirectUrl} within ${timeoutMs} ms`));
        }, timeoutMs);
      });
      try {
        options.onAuthorizationUrl?.(authorizationUrl);
        await open(authorizationUrl);
        return await arrived;
      } catch (error) {
        pending = undefined;
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
