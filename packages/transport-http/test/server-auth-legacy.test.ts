import { AuthenticationError, type Authenticate } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { Recorder } from "./helpers.js";
import { forEachHttpPath } from "./http-paths.js";
import { type LegacyTestServer, openRawStream, postJson, startLegacy } from "./legacy-helpers.js";

const authenticate: Authenticate = (request) => {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
  if (token === "alice-token") return { token, subject: "alice" };
  if (token === "bob-token") return { token, subject: "bob" };
  throw new AuthenticationError(401, "invalid_token", "no valid bearer token", {
    "www-authenticate":
      'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/sse"',
  });
};

let server: LegacyTestServer | undefined;
afterEach(async () => {
  await server?.http.close();
  server = undefined;
});

forEachHttpPath(() => {
  describe("legacy HTTP+SSE authenticate", () => {
    it("refuses the GET without credentials with 401 and the challenge", async () => {
      server = await startLegacy({ authenticate });
      const response = await fetch(server.url, { headers: { accept: "text/event-stream" } });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe(
        'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/sse"',
      );
      expect(await response.json()).toEqual({
        error: "invalid_token",
        error_description: "no valid bearer token",
      });
    });

    it("binds the session to the subject that opened it and hands the AuthInfo to the engine", async () => {
      server = await startLegacy({ authenticate });
      const stream = await openRawStream(server.url, { authorization: "Bearer alice-token" });
      expect(stream.response.status).toBe(200);
      const endpoint = new URL((await stream.next()).data, server.url).toString();
      const transport = await server.next();
      const recorder = new Recorder();
      await transport.start(recorder);
      const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });

      const anonymous = await postJson(endpoint, ping);
      expect(anonymous.status).toBe(401);
      await anonymous.text();
      const bob = await postJson(endpoint, ping, { authorization: "Bearer bob-token" });
      expect(bob.status).toBe(403);
      expect(await bob.json()).toEqual({
        jsonrpc: "2.0",
        id: null,
        error: {
          code: -32003,
          message:
            "Forbidden: this session was opened by another subject; the credentials presented are not its owner's",
        },
      });
      const alice = await postJson(endpoint, ping, { authorization: "Bearer alice-token" });
      expect(alice.status).toBe(202);
      await recorder.until(() => recorder.messages.length === 1, "the ping");
      expect(recorder.messages).toEqual([{ jsonrpc: "2.0", id: 1, method: "ping" }]);
      expect(recorder.contexts[0]?.authInfo).toEqual({ token: "alice-token", subject: "alice" });
      stream.abort();
    });
  });
});
