import { spawn } from "node:child_process";

/** Starts a program detached, its output ignored (what `openBrowser` runs; injectable for tests). */
export type Launch = (command: string, args: readonly string[]) => void;

const launch: Launch = (command, args) => {
  const child = spawn(command, [...args], { stdio: "ignore", detached: true });
  // A missing opener (no xdg-open on a server) must not crash the process: the URL is printed too.
  child.on("error", () => {});
  child.unref();
};

/**
 * Opens `url` in the system browser: `open` on macOS, `cmd /c start` on Windows, `xdg-open`
 * elsewhere. Only http(s) URLs are opened (anything else could run a program).
 *
 * @example
 * ```ts
 * openBrowser(new URL("https://auth.example.com/authorize?client_id=app"));
 * ```
 */
export function openBrowser(url: URL, options: { platform?: NodeJS.Platform; launch?: Launch } = {}): void {
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new TypeError(`refusing to open ${url.protocol} URL ${url.href}: only http(s) is opened`);
  }
  const run = options.launch ?? launch;
  const platform = options.platform ?? process.platform;
  if (platform === "darwin") run("open", [url.href]);
  // `start` treats its first quoted argument as a window title; & must be escaped for cmd.
  else if (platform === "win32") run("cmd", ["/c", "start", '""', url.href.replace(/&/g, "^&")]);
  else run("xdg-open", [url.href]);
}
