import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type CryptoKey, type JWK, SignJWT, exportJWK, generateKeyPair } from "jose";

/** A tiny authorization server for tests: metadata, JWKS, introspection; tokens minted with jose. */
export interface TestIssuer {
  readonly issuer: string;
  readonly jwksUri: string;
  readonly introspectionEndpoint: string;
  /** JWKS and introspection requests received, by path. */
  readonly hits: string[];
  /** Introspection answers by token (`{ active: false }` for others). */
  readonly introspection: Map<string, Record<string, unknown>>;
  /** Signs an access token with the issuer's key; `claims` override the defaults. */
  mint(
    claims?: Record<string, unknown>,
    options?: { key?: CryptoKey; kid?: string; typ?: string },
  ): Promise<string>;
  close(): Promise<void>;
}

export const RESOURCE = "http://127.0.0.1:9/mcp";

export async function startIssuer(): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256", use: "sig" };
  const hits: string[] = [];
  const introspection = new Map<string, Record<string, unknown>>();
  const stalled = new Set<ServerResponse>();
  let origin = "";
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0];
    hits.push(path ?? "");
    if (path === "/.well-known/oauth-authorization-server") {
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          issuer: origin,
          jwks_uri: `${origin}/jwks`,
          introspection_endpoint: `${origin}/introspect`,
          authorization_endpoint: `${origin}/authorize`,
          token_endpoint: `${origin}/token`,
          response_types_supported: ["code"],
        }),
      );
    } else if (path === "/jwks") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
    } else if (path === "/stalled-jwks") {
      stalled.add(res); // never answered: the verifier must give up on its own
    } else if (path === "/introspect") {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        const token = new URLSearchParams(body).get("token") ?? "";
        // RFC 6749 section 2.3.1: both halves are form-urlencoded before base64.
        const basic = atob((req.headers.authorization ?? "").replace(/^Basic /, "")).split(":");
        const ok = basic.map((part) => decodeURIComponent(part)).join(":") === "mcp-server:s3cret";
        const answer = ok ? (introspection.get(token) ?? { active: false }) : { error: "invalid_client" };
        res.writeHead(ok ? 200 : 401, { "content-type": "application/json" }).end(JSON.stringify(answer));
      });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer: origin,
    jwksUri: `${origin}/jwks`,
    introspectionEndpoint: `${origin}/introspect`,
    hits,
    introspection,
    async mint(claims = {}, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        iss: origin,
        aud: RESOURCE,
        sub: "alice",
        client_id: "app",
        scope: "mcp files:read",
        iat: now,
        exp: now + 300,
        ...claims,
      })
        .setProtectedHeader({ alg: "ES256", kid: options.kid ?? "k1", typ: options.typ ?? "at+jwt" })
        .sign(options.key ?? privateKey);
    },
    close: async () => {
      for (const res of stalled) res.destroy();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

/** A DPoP key pair and proofs made with it, as a client would (jose). */
export async function dpopKey() {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  const jwk: JWK = await exportJWK(publicKey);
  let counter = 0;
  return {
    jwk,
    async proof(claims: {
      htm: string;
      htu: string;
      ath?: string;
      nonce?: string;
      iat?: number;
      jti?: string;
    }) {
      counter += 1;
      return new SignJWT({
        jti: `proof-${counter}-${Math.random()}`,
        iat: Math.floor(Date.now() / 1000),
        ...claims,
      })
        .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk })
        .sign(privateKey);
    },
  };
}

/** base64url(SHA-256(token)). */
export async function ath(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return Buffer.from(digest).toString("base64url");
}

/** The request `bearerAuth` sees. */
export function request(headers: Record<string, string>, method = "POST", url = RESOURCE) {
  return { method, url, headers };
}
