import { createHash } from "node:crypto";
import { homedir } from "node:os";
import { join } from "node:path";

/**
 * The CLI's config directory: `$MCPKIT_CONFIG_DIR`, else `$XDG_CONFIG_HOME/mcpkit`, else
 * `%APPDATA%\mcpkit` on Windows, else `~/.config/mcpkit`.
 */
export function configDir(): string {
  const env = process.env;
  if (env.MCPKIT_CONFIG_DIR) return env.MCPKIT_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, "mcpkit");
  if (process.platform === "win32" && env.APPDATA) return join(env.APPDATA, "mcpkit");
  return join(homedir(), ".config", "mcpkit");
}

/** Where tokens live: one file per server. */
export function tokensDir(): string {
  return join(configDir(), "tokens");
}

/** The server a URL names, as tokens are kept: origin and path, no query or fragment. */
export function serverKey(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** The token file of one server (its name a hash of the server's URL). */
export function tokenFile(url: URL): string {
  const hash = createHash("sha256").update(serverKey(url)).digest("hex").slice(0, 32);
  return join(tokensDir(), `${hash}.json`);
}
