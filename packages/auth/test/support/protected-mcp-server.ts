// An mcpkit server protected as an OAuth resource server (bearerAuth with a JWT or introspection
// verifier, the protected-resource metadata beside it), on one 127.0.0.1 port: Streamable HTTP
// (both eras) at /mcp and WebSocket upgrades on the same path.
import type { AuthInfo, Authenticate } from "@mcpkit/core";
import { Server } from "@mcpkit/server";
import { type StreamableHttpServer, serveStreamableHttp } from "@mcpkit/transport-http/node";
import { type McpWebSocketServer, serveWebSocket } from "@mcpkit/transport-ws";
import {
  bearerAuth,
  DpopNonces,
  discoverIssuer,
  introspectionVerifier,
  jwtVerifier,
  protectedResourceMetadata,
  protectedResourceMetadataUrl,
  type TokenVerifier,
} from "../../src/index.js";

export interface ProtectedMcpServerOptions {
  /** The authorization server the resource trusts. */
  readonly issuer: string;
  /** JWT access tokens checked against the JWKS (default), or opaque ones introspected. */
  readonly verifier?: "jwt" | "introspection";
  /** The resource server's own client at the authorization server, for introspection. */
  readonly introspectionClient?: { readonly clientId: string; readonly clientSecret: string };
  /** Leeway for `exp`, seconds (the JWT verifier's default is 30; expiry tests use 0). */
  readonly clockTolerance?: number;
  /** Scopes every request needs. Default `mcp:read`. */
  readonly requiredScopes?: readonly string[];
  /** Make DPoP clients use this server's nonces (RFC 9449 section 9). Default false. */
  readonly dpopNonces?: boolean;
}

export interface ProtectedMcpServer {
  /** The Streamable HTTP endpoint, also the resource identifier (audience). */
  readonly url: string;
  /** The same endpoint for WebSocket clients. */
  readonly wsUrl: string;
  /** The `ctx.auth` each tool call saw, in order. */
  readonly seen: AuthInfo[];
  /** Every refusal the authenticate hook made: status and `WWW-Authenticate`. */
  readonly refusals: { status: number; challenge: string | undefined }[];
  close(): Promise<void>;
}

export const SCOPES = ["mcp:read", "mcp:write", "mcp:admin"] as const;

function buildServer(resourceMetadataUrl: string, seen: AuthInfo[]): Server {
  const server = new Server(
    { name: "protected-e2e", version: "1.0.0" },
    { authorization: { resourceMetadataUrl } },
  );
  const whoami = (auth: AuthInfo | undefined) => {
    if (auth) seen.push(auth);
    const text = JSON.stringify({ sub: auth?.subject, clientId: auth?.clientId, scopes: auth?.scopes ?? [] });
    return { content: [{ type: "text" as const, text }] };
  };
  server.tool({ name: "whoami", inputSchema: { type: "object" } }, (_args, ctx) => whoami(ctx.auth));
  server.tool(
    { name: "admin-whoami", inputSchema: { type: "object" }, scopes: ["mcp:admin"] },
    (_args, ctx) => whoami(ctx.auth),
  );
  return server;
}

/** Starts the protected server; the audience and metadata name the URL it ends up listening on. */
export async function startProtectedMcpServer(
  options: ProtectedMcpServerOptions,
): Promise<ProtectedMcpServer> {
  const seen: AuthInfo[] = [];
  const refusals: ProtectedMcpServer["refusals"] = [];
  const metadata = await discoverIssuer(options.issuer);
  // The URL (so the audience) is known once listening: the hooks read these when called.
  let authenticate: Authenticate = () => undefined;
  let metadataHandler: (request: Request) => Response | undefined = () => undefined;
  let server: Server | undefined;

  const recordRefusals: Authenticate = async (request) => {
    try {
      return await authenticate(request);
    } catch (error) {
      const refusal = error as { status?: number; headers?: Record<string, string> };
      refusals.push({ status: refusal.status ?? 0, challenge: refusal.headers?.["www-authenticate"] });
      throw error;
    }
  };

  const http: StreamableHttpServer = await serveStreamableHttp({
    onSession: (transport) => server?.connect(transport),
    onStateless: (transport) => server?.connect(transport),
    authenticate: recordRefusals,
    fallback: (request) => metadataHandler(request),
  });
  const url = http.url;
  const resourceMetadataUrl = protectedResourceMetadataUrl(url);
  server = buildServer(resourceMetadataUrl, seen);
  metadataHandler = protectedResourceMetadata({
    resource: url,
    authorizationServers: [options.issuer],
    scopesSupported: [...SCOPES],
  }).handler;

  let verifier: TokenVerifier;
  if (options.verifier === "introspection") {
    const client = options.introspectionClient;
    if (!client) throw new TypeError("introspection needs the resource server's client credentials");
    verifier = introspectionVerifier({
      endpoint: String(metadata.introspection_endpoint),
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      issuer: options.issuer,
      audience: url,
      cacheTtlMs: 0,
    });
  } else {
    verifier = jwtVerifier({
      issuer: options.issuer,
      jwksUri: String(metadata.jwks_uri),
      audience: url,
      typ: "at+jwt",
      clockTolerance: options.clockTolerance ?? 0,
    });
  }
  authenticate = bearerAuth({
    verifier,
    resourceMetadataUrl,
    requiredScopes: options.requiredScopes ?? ["mcp:read"],
    ...(options.dpopNonces ? { dpop: { nonces: new DpopNonces() } } : {}),
  });

  const ws: McpWebSocketServer = await serveWebSocket({
    httpServer: http.httpServer,
    path: "/mcp",
    authenticate: recordRefusals,
    onConnection: (transport) => server?.connect(transport),
  });

  return {
    url,
    wsUrl: url.replace(/^http:/, "ws:"),
    seen,
    refusals,
    close: async () => {
      await ws.close();
      await http.close();
    },
  };
}
