import { type IncomingMessage, type Server, createServer } from "node:http";

/** Defects a fake protected server can have, one per test. */
export type ProtectedServerBug =
  | "none"
  | "query-token-accepted"
  | "no-challenge-header"
  | "403-without-error"
  | "prm-without-servers";

export const GOOD_TOKEN = "good-token";
export const NARROW_TOKEN = "narrow-token";

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A raw node:http MCP server protected by bearer tokens, for the runner's server/auth tests:
 * `good-token` has every scope, `narrow-token` lacks `mcp:write` (needed by every request), anything
 * else gets 401. Its metadata is at the path-based well-known URI and named in the challenge. It
 * answers initialize, server/discover and tools/list (stateless: no session).
 */
export async function startProtectedServer(bug: ProtectedServerBug = "none") {
  let url = "";
  const server: Server = createServer(async (req, res) => {
    const text = await body(req);
    const target = new URL(req.url ?? "/", "http://127.0.0.1");
    const json = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(payload));
    };
    const prmUrl = `${new URL(url).origin}/.well-known/oauth-protected-resource/mcp`;
    if (req.method === "GET" && target.pathname === "/.well-known/oauth-protected-resource/mcp") {
      const servers = bug === "prm-without-servers" ? [] : ["https://auth.example.com"];
      json(200, { resource: url, authorization_servers: servers, scopes_supported: ["mcp:write"] });
      return;
    }
    if (target.pathname !== "/mcp") {
      json(404, { error: "not found" });
      return;
    }
    const header = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
    const token = header ?? (bug === "query-token-accepted" ? target.searchParams.get("access_token") : null);
    if (token !== GOOD_TOKEN && token !== NARROW_TOKEN) {
      const challenge: Record<string, string> =
        bug === "no-challenge-header"
          ? {}
          : { "www-authenticate": `Bearer resource_metadata="${prmUrl}", scope="mcp:write"` };
      json(401, { error: "invalid_token" }, challenge);
      return;
    }
    if (token === NARROW_TOKEN) {
      const error = bug === "403-without-error" ? "" : 'error="insufficient_scope", ';
      json(
        403,
        { error: "insufficient_scope" },
        {
          "www-authenticate": `Bearer ${error}scope="mcp:write", resource_metadata="${prmUrl}"`,
        },
      );
      return;
    }
    if (req.method !== "POST") {
      res.writeHead(405).end();
      return;
    }
    const message = JSON.parse(text) as {
      id?: number;
      method?: string;
      params?: { protocolVersion?: string; _meta?: object };
    };
    if (message.id === undefined) {
      res.writeHead(202).end();
      return;
    }
    const capabilities = { tools: {} };
    const info = { name: "fake-protected", version: "1.0.0" };
    const result =
      message.method === "initialize"
        ? { protocolVersion: message.params?.protocolVersion, capabilities, serverInfo: info }
        : message.method === "server/discover"
          ? {
              resultType: "complete",
              supportedVersions: ["2026-07-28"],
              capabilities,
              ttlMs: 0,
              cacheScope: "private",
              _meta: { "io.modelcontextprotocol/serverInfo": { name: "fake", version: "1.0.0" } },
            }
          : message.method === "tools/list"
            ? message.params?._meta
              ? {
                  resultType: "complete",
                  tools: [],
                  ttlMs: 0,
                  cacheScope: "private",
                  _meta: { "io.modelcontextprotocol/serverInfo": { name: "fake", version: "1.0.0" } },
                }
              : { tools: [] }
            : undefined;
    if (result === undefined)
      json(200, { jsonrpc: "2.0", id: message.id, error: { code: -32601, message: "no" } });
    else json(200, { jsonrpc: "2.0", id: message.id, result });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/mcp`;
  return {
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
