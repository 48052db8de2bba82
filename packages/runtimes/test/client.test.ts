import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, type ServedPage, servePage } from "./browser.js";
import { run, type Started } from "./processes.js";
import { startReference } from "./reference.js";
import { expectedScenario } from "./scenario.js";
import { fixtures, type ProcessRuntime, runIn, startWorkerd } from "./servers.js";

/**
 * `@mcpkit/client` with the Streamable HTTP client inside each runtime, against the reference
 * server, through the scripted scenario (fixtures/client-scenario.ts) in both eras.
 */
describe("the client inside each runtime runs the scenario against the reference server", () => {
  let reference: { url: string; process: Started };
  beforeAll(async () => {
    reference = await startReference();
  });
  afterAll(async () => {
    await reference?.process.stop();
  });

  const runtimes: readonly ProcessRuntime[] = ["node22", "node24", "node26", "bun", "deno"];
  for (const runtime of runtimes) {
    it(runtime, async () => {
      const [command, args] = runIn(runtime, join(fixtures, "client-main.ts"), [reference.url]);
      const { code, stdout, stderr } = await run(command, args, { ms: 60_000 });
      expect(stderr).toBe("");
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual(expectedScenario);
    });
  }

  it("workerd (inside a request of a module Worker)", async () => {
    const worker = await startWorkerd("client-worker.ts", true);
    try {
      const response = await fetch(`${worker.origin}/?url=${encodeURIComponent(reference.url)}`, {
        signal: AbortSignal.timeout(60_000),
      });
      const body = await response.text();
      expect(response.status, `${body}\n${worker.process.output()}`).toBe(200);
      expect(JSON.parse(body)).toEqual(expectedScenario);
    } finally {
      await worker.stop();
    }
  });
});

describe("the client inside a browser page (Debian's Chromium) runs the scenario with CORS", () => {
  let reference: { url: string; process: Started } | undefined;
  let page: ServedPage | undefined;
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
    await page?.close();
    await reference?.process.stop();
  });

  it("chromium", async () => {
    reference = await startReference();
    page = await servePage("client-browser.ts");
    browser = await launchChromium();
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on("pageerror", (error) => errors.push(error.message));
    await tab.goto(page.url);
    await tab.waitForFunction(() => "runScenarios" in globalThis, undefined, { timeout: 30_000 });
    // The page (one origin) calls the reference server (another port: cross-origin, CORS).
    const result = await tab.evaluate(
      (url) => (globalThis as unknown as { runScenarios(u: string): Promise<unknown> }).runScenarios(url),
      reference.url,
    );
    expect(errors).toEqual([]);
    expect(result).toEqual(expectedScenario);
  });
});
