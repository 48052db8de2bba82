import { describe, expect, it } from "vitest";
import { CORS_ALLOW_HEADERS } from "../src/index.js";
import type { ServeOptions } from "../src/node.js";
import { initializeRequest, POST_HEADERS } from "./helpers.js";
import { raw, refusalBody, answeringServerPerTest } from "./raw.js";
import { forEachHttpPath } from "./http-paths.js";

const start = answeringServerPerTest();
const serve = async (options: Partial<ServeOptions> = {}) => (await start(options)).url;

const APP = "https://app.example.com";
const BODY = JSON.stringify(initializeRequest(1));

function preflight(url: string, origin: string, method = "POST") {
  return raw(url, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": method,
      "access-control-request-headers": "content-type, mcp-session-id, mcp-protocol-version",
    },
  });
}

forEachHttpPath(() => {
  describe("CORS", () => {
    it("answers a preflight with 204: methods, every MCP request header, max age", async () => {
      const url = await serve({ allowedOrigins: [APP], cors: { maxAgeSeconds: 3600 } });
      const response = await preflight(url, APP);
      expect(response.status).toBe(204);
      expect(response.body).toBe("");
      expect(response.headers["access-control-allow-origin"]).toBe(APP);
      expect(response.headers["access-control-allow-methods"]).toBe("GET, POST, DELETE, OPTIONS");
      expect(response.headers["access-control-allow-headers"]).toBe(
        "Content-Type, Accept, Authorization, DPoP, MCP-Protocol-Version, Mcp-Session-Id, Mcp-Method, Mcp-Name, Last-Event-ID",
      );
      expect(CORS_ALLOW_HEADERS).toHaveLength(9);
      expect(response.headers["access-control-max-age"]).toBe("3600");
      expect(response.headers.vary).toBe("Origin");
      expect(response.headers["access-control-allow-credentials"]).toBeUndefined();
    });

    it("every response exposes Mcp-Session-Id and MCP-Protocol-Version to the allowed origin", async () => {
      const url = await serve({ allowedOrigins: [APP], cors: true });
      const init = await raw(url, { headers: { ...POST_HEADERS, origin: APP }, body: BODY });
      expect(init.status).toBe(200);
      expect(init.headers["access-control-allow-origin"]).toBe(APP);
      expect(init.headers["access-control-expose-headers"]).toBe(
        "Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate, DPoP-Nonce, Retry-After",
      );
      const sessionId = String(init.headers["mcp-session-id"]);
      const refused = await raw(url, {
        headers: { ...POST_HEADERS, origin: APP },
        body: '{"jsonrpc":"2.0","method":"n"}',
      });
      expect(refused.status).toBe(400);
      expect(refused.headers["access-control-allow-origin"]).toBe(APP);
      const deleted = await raw(url, {
        method: "DELETE",
        headers: { origin: APP, "mcp-session-id": sessionId },
      });
      expect([deleted.status, deleted.headers["access-control-expose-headers"]]).toEqual([
        204,
        "Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate, DPoP-Nonce, Retry-After",
      ]);
    });

    it("the Origin allow-list runs first: an origin it refuses gets 403, preflight included", async () => {
      const url = await serve({ allowedOrigins: [APP], cors: { origins: "*" } });
      const response = await preflight(url, "https://evil.example");
      expect([response.status, response.body]).toEqual([403, refusalBody("Forbidden: Origin not allowed")]);
    });

    it("cors.origins narrows who may read: others get no Access-Control-Allow-Origin", async () => {
      const other = "https://other.example.com";
      const url = await serve({ allowedOrigins: "any", cors: { origins: [APP] } });
      expect((await preflight(url, APP)).headers["access-control-allow-origin"]).toBe(APP);
      const denied = await preflight(url, other);
      expect(denied.status).toBe(204);
      expect(denied.headers["access-control-allow-origin"]).toBeUndefined();
    });

    it("origins '*' answers '*', or echoes the origin when credentials are allowed", async () => {
      const url = await serve({ allowedOrigins: "any", cors: { origins: "*" } });
      expect((await preflight(url, APP)).headers["access-control-allow-origin"]).toBe("*");
      await start.current?.close();
      const url2 = await serve({ allowedOrigins: "any", cors: { origins: "*", allowCredentials: true } });
      const response = await preflight(url2, APP);
      expect(response.headers["access-control-allow-origin"]).toBe(APP);
      expect(response.headers["access-control-allow-credentials"]).toBe("true");
    });

    it("extra allowed and exposed headers are appended", async () => {
      const url = await serve({
        allowedOrigins: [APP],
        cors: { allowHeaders: ["X-Api-Key"], exposeHeaders: ["X-Request-Id"] },
      });
      const response = await preflight(url, APP);
      expect(
        String(response.headers["access-control-allow-headers"]).endsWith(", Last-Event-ID, X-Api-Key"),
      ).toBe(true);
      expect(response.headers["access-control-expose-headers"]).toBe(
        "Mcp-Session-Id, MCP-Protocol-Version, WWW-Authenticate, DPoP-Nonce, Retry-After, X-Request-Id",
      );
    });

    it("without cors: no CORS headers, and OPTIONS is 405 like any other unknown method", async () => {
      const url = await serve();
      const init = await raw(url, {
        headers: { ...POST_HEADERS, origin: "http://localhost:5173" },
        body: BODY,
      });
      expect(init.headers["access-control-allow-origin"]).toBeUndefined();
      expect(init.headers["access-control-expose-headers"]).toBeUndefined();
      const options = await preflight(url, "http://localhost:5173");
      expect([options.status, options.headers.allow]).toEqual([405, "GET, POST, DELETE"]);
    });
  });
});
