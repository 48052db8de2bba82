import { describe, expect, it } from "vitest";
import { createStreamableHttpHandler, DEFAULT_MAX_BODY_BYTES } from "../src/index.js";
import { initializeRequest, POST_HEADERS } from "./helpers.js";
import { raw, refusalBody, answeringServerPerTest } from "./raw.js";
import { forEachHttpPath } from "./http-paths.js";

const serve = answeringServerPerTest();

const BODY = JSON.stringify(initializeRequest(1));
const HOST_FORBIDDEN = refusalBody("Forbidden: Host not allowed");
const ORIGIN_FORBIDDEN = refusalBody("Forbidden: Origin not allowed");

function post(url: string, headers: Record<string, string>) {
  return raw(url, { headers: { ...POST_HEADERS, ...headers }, body: BODY });
}

forEachHttpPath(() => {
  describe("Host validation (DNS rebinding)", () => {
    it("allows only loopback names by default", async () => {
      const { url, httpServer } = await serve();
      const port = (httpServer.address() as { port: number }).port;
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, "localhost"]) {
        expect((await post(url, { host })).status, host).toBe(200);
      }
      for (const host of ["evil.example", `evil.example:${port}`, `127.0.0.1.evil.example:${port}`]) {
        const response = await post(url, { host });
        expect([response.status, response.body], host).toEqual([403, HOST_FORBIDDEN]);
      }
    });

    it("follows allowedHosts (hostname for any port, or host:port), and 'any' turns the check off", async () => {
      const { url } = await serve({ allowedHosts: ["mcp.example.com", "other.example:8443"] });
      expect((await post(url, { host: "mcp.example.com:1234" })).status).toBe(200);
      expect((await post(url, { host: "other.example:8443" })).status).toBe(200);
      expect((await post(url, { host: "other.example:8444" })).status).toBe(403);
      expect((await post(url, { host: "localhost" })).status).toBe(403);
      await serve.current?.close();
      const open = await serve({ allowedHosts: "any" });
      expect((await post(open.url, { host: "anything.example" })).status).toBe(200);
    });

    it("checks GET and DELETE too", async () => {
      const { url } = await serve();
      for (const method of ["GET", "DELETE"]) {
        const response = await raw(url, {
          method,
          headers: { host: "evil.example", accept: "text/event-stream" },
        });
        expect([response.status, response.body], method).toEqual([403, HOST_FORBIDDEN]);
      }
    });
  });

  describe("Origin validation", () => {
    it("allows no Origin and loopback origins by default, and refuses others with 403", async () => {
      const { url } = await serve();
      expect((await post(url, {})).status).toBe(200);
      for (const origin of ["http://localhost:5173", "http://127.0.0.1", "https://[::1]:8443"]) {
        expect((await post(url, { origin })).status, origin).toBe(200);
      }
      for (const origin of [
        "https://evil.example",
        "null",
        "http://localhost.evil.example",
        "file://localhost",
      ]) {
        const response = await post(url, { origin });
        expect([response.status, response.body], origin).toEqual([403, ORIGIN_FORBIDDEN]);
      }
    });

    it("follows allowedOrigins exactly", async () => {
      const { url } = await serve({ allowedOrigins: ["https://app.example.com"] });
      expect((await post(url, { origin: "https://app.example.com" })).status).toBe(200);
      expect((await post(url, { origin: "https://app.example.com:444" })).status).toBe(403);
      expect((await post(url, { origin: "http://localhost:5173" })).status).toBe(403);
    });
  });

  describe("defaults", () => {
    it("the default body limit is 4 MiB", async () => {
      expect(DEFAULT_MAX_BODY_BYTES).toBe(4 * 1024 * 1024);
      const handler = createStreamableHttpHandler({ onSession: () => {} });
      const over = await handler.handle(
        new Request("http://127.0.0.1/mcp", {
          method: "POST",
          headers: { ...POST_HEADERS, "content-length": String(DEFAULT_MAX_BODY_BYTES + 1) },
          body: "x".repeat(DEFAULT_MAX_BODY_BYTES + 1),
        }),
      );
      expect(over.status).toBe(413);
      expect(await over.text()).toBe(
        refusalBody(`Payload Too Large: the limit is ${DEFAULT_MAX_BODY_BYTES} bytes`),
      );
    });

    it("serveStreamableHttp listens on 127.0.0.1 and serves only its path", async () => {
      const { url } = await serve();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const other = await raw(url.replace("/mcp", "/other"), { headers: POST_HEADERS, body: BODY });
      expect([other.status, other.body]).toEqual([404, "Not Found"]);
      expect((await raw(`${url}?x=1`, { headers: POST_HEADERS, body: BODY })).status).toBe(200);
    });
  });
});
