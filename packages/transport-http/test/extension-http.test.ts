// Extensions over Streamable HTTP, in both eras: the server's declaration reaches the client, the
// client's reaches the server, and an extension method the client did not declare is refused
// (2026-07-28: -32021 with HTTP 400, as basic/index requires of a MissingRequiredClientCapabilityError).
import { Client, type ClientExtension } from "@mcpkit/client";
import { ErrorCode, McpError } from "@mcpkit/core";
import { declaredExtensions, Server, type ServerExtension } from "@mcpkit/server";
import { afterEach, describe, expect, it } from "vitest";
import { type HttpExchange, StreamableHttpClientTransport } from "../src/index.node.js";
import { serveStreamableHttp } from "../src/node.js";

const ECHO = "com.example/echo";

const serverEcho: ServerExtension = {
  id: ECHO,
  settings: { maxLength: 64 },
  install(api) {
    api.request("echo/ping", (params, ctx) => ({
      echoed: String(params.text ?? ""),
      declared: Object.keys(declaredExtensions(ctx.client.capabilities)),
    }));
  },
};

const clientEcho: ClientExtension = { id: ECHO, settings: { voice: "low" }, install: () => {} };

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const closable of open.splice(0)) await closable.close().catch(() => {});
});

async function serve() {
  const server = new Server({ name: "ext-server", version: "1.0.0" }, { extensions: [serverEcho] });
  const http = await serveStreamableHttp({
    onSession: (transport) => void server.connect(transport),
    onStateless: (transport) => void server.connect(transport),
  });
  open.push(server, http);
  return http;
}

for (const revision of ["2025-11-25", "2026-07-28"] as const) {
  describe(`Streamable HTTP at ${revision}`, () => {
    it("each side sees the other's extensions; the extension's method is served", async () => {
      const http = await serve();
      const client = new Client({
        clientInfo: { name: "c", version: "1" },
        revision,
        extensions: [clientEcho],
      });
      open.unshift(client);
      await client.connect(new StreamableHttpClientTransport(http.url));
      expect(client.serverExtensions).toEqual({ [ECHO]: { maxLength: 64 } });
      expect(await client.request("echo/ping", { text: "hi" })).toMatchObject({
        echoed: "hi",
        declared: [ECHO],
      });
    });

    it("a client that did not declare the extension is refused", async () => {
      const http = await serve();
      const exchanges: HttpExchange[] = [];
      const client = new Client({ clientInfo: { name: "c", version: "1" }, revision });
      open.unshift(client);
      await client.connect(
        new StreamableHttpClientTransport(http.url, { onExchange: (e) => exchanges.push(e) }),
      );
      exchanges.length = 0;
      const error = await client.request("echo/ping", { text: "hi" }).catch((e: unknown) => e);
      if (revision === "2026-07-28") {
        expect((error as McpError).code).toBe(ErrorCode.MissingRequiredClientCapability);
        expect((error as McpError).data).toEqual({ requiredCapabilities: { extensions: { [ECHO]: {} } } });
        expect(exchanges.map((e) => e.status)).toEqual([400]);
      } else {
        expect(error).toBeInstanceOf(McpError);
        expect((error as McpError).code).toBe(ErrorCode.MethodNotFound);
      }
    });
  });
}
