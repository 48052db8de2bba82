import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium as playwright } from "playwright-core";
import { chromium } from "./binaries.js";
import { bundle } from "./servers.js";

/** The flags this machine's Chromium needs (no sandbox as root, no background network calls). */
const flags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium, headless, driven over the DevTools protocol by playwright-core. */
export function launchChromium(): Promise<Browser> {
  return playwright.launch({ executablePath: chromium, headless: true, args: flags });
}

/** A page on 127.0.0.1 that loads a bundled browser fixture: `/` is the page, `/app.js` the bundle. */
export interface ServedPage {
  readonly url: string;
  close(): Promise<void>;
}

/** Bundles `entry` for the browser and serves it with a page that loads it as a module. */
export async function servePage(entry: string): Promise<ServedPage> {
  const dir = mkdtempSync(join(tmpdir(), "runtimes-page-"));
  const script = join(dir, "app.js");
  await bundle(entry, script);
  const code = readFileSync(script);
  rmSync(dir, { recursive: true, force: true });
  const page =
    '<!doctype html><meta charset="utf-8"><title>mcpkit</title><script type="module" src="/app.js"></script>';
  const server: Server = createServer((request, response) => {
    if (request.url === "/app.js") {
      response.writeHead(200, { "content-type": "text/javascript" }).end(code);
    } else if (request.url === "/") {
      response.writeHead(200, { "content-type": "text/html" }).end(page);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
