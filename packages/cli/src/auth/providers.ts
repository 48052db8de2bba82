import { existsSync } from "node:fs";
import { OAuthClientProvider } from "@mcpkit/auth";
import { FileTokenStore, type LoopbackRedirect, loopbackRedirect } from "@mcpkit/auth/node";
import { CliError } from "../errors.js";
import type { Io } from "../io.js";
import { browserFromEnvironment } from "../browser.js";
import { tokenFile } from "./token-files.js";

const CLIENT_METADATA = { client_name: "mcpkit CLI" } as const;

/**
 * The provider of a server whose tokens were stored by `mcpkit login`, or undefined when none
 * were: it sends and refreshes them; when a new authorization is needed it says to log in again.
 */
export function storedProvider(url: URL): OAuthClientProvider | undefined {
  const file = tokenFile(url);
  if (!existsSync(file)) return undefined;
  return new OAuthClientProvider({
    // Never used for a redirect: a command other than login does not open a browser.
    redirectUrl: "http://127.0.0.1/callback",
    redirect: () => {
      throw new CliError(
        `the authorization for ${url.href} is no longer valid: run mcpkit login ${url.href}`,
      );
    },
    clientMetadata: CLIENT_METADATA,
    store: new FileTokenStore(file),
  });
}

/** The interactive provider of `mcpkit login`: a loopback redirect on 127.0.0.1 and the browser. */
export async function loginProvider(
  url: URL,
  io: Io,
): Promise<{ provider: OAuthClientProvider; callback: LoopbackRedirect; file: string }> {
  const file = tokenFile(url);
  const open = browserFromEnvironment();
  const callback = await loopbackRedirect({
    ...(open && { open }),
    onAuthorizationUrl: (authorizationUrl) =>
      io.err(
        `Opening the browser to authorize (if it does not open, visit this URL):\n  ${authorizationUrl.href}\n`,
      ),
  });
  const provider = new OAuthClientProvider({
    redirectUrl: callback.redirectUrl,
    redirect: (authorizationUrl) => callback.redirect(authorizationUrl),
    clientMetadata: CLIENT_METADATA,
    store: new FileTokenStore(file),
  });
  return { provider, callback, file };
}
