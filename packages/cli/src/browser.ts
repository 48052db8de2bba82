import { spawn } from "node:child_process";
import { splitCommandLine } from "./split.js";

/** Opens a URL with `$BROWSER` (a command; the URL is added) when set, else undefined. */
export function browserFromEnvironment(): ((url: URL) => void) | undefined {
  const browser = process.env.BROWSER;
  if (!browser) return undefined;
  const [command, ...args] = splitCommandLine(browser);
  if (command === undefined) return undefined;
  return (url) => {
    const child = spawn(command, [...args, url.href], { stdio: "ignore", detached: true });
    child.on("error", () => {});
    child.unref();
  };
}

/** Opens an http(s) URL in `$BROWSER`, else the system browser (`@mcpkit/auth/node`, loaded then). */
export async function openUrl(url: URL): Promise<void> {
  const open = browserFromEnvironment();
  if (open) return open(url);
  const { openBrowser } = await import("@mcpkit/auth/node");
  openBrowser(url);
}
