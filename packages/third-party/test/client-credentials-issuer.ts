import { generateKeyPairSync, sign } from "node:crypto";
import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A small OAuth authorization server for one confidential client, and what it issued. */
export interface ClientCredentialsIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The token requests it answered (their form parameters). */
  readonly tokenRequests: Record<string, string>[];
  stop: () => Promise<void>;
}

const base64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

/**
 * Serves RFC 8414 metadata, a JWKS and a token endpoint granting `client_credentials` to one client
 * (client_secret_basic) on 127.0.0.1: each token an ES256 JWT for `audience` (the protected MCP
 * server's URL), valid 10 minutes.
 */
export async function startClientCredentialsIssuer(audience: () => string): Promise<ClientCredentialsIssuer> {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = { ...publicKey.export({ format: "jwk" }), kid: "k1", alg: "ES256", use: "sig" };
  const clientId = "third-party-m2m";
  const clientSecret = "third-party-secret";
  const tokenRequests: Record<string, string>[] = [];
  let issuer = "";
  const mint = (scope: string) => {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: "ES256", kid: "k1", typ: "at+jwt" }));
    const claims = {
      iss: issuer,
      aud: audience(),
      sub: clientId,
      client_id: clientId,
      scope,
      iat: now,
      exp: now + 600,
    };
    const input = `${header}.${base64url(JSON.stringify(claims))}`;
    const signature = sign("sha256", Buffer.from(input), { key: privateKey, dsaEncoding: "ieee-p1363" });
    return `${input}.${base64url(signature)}`;
  };
  const server: Server = createServer((req, res) => {
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (req.method === "GET" && req.url === "/.well-known/oauth-authorization-server") {
      json(200, {
        issuer,
        // RFC 8414 lets an issuer without the authorization-code flow leave this out; the SDK 1.x
        // metadata schema requires it, so it is named (and answers 404).
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        grant_types_supported: ["client_credentials"],
        token_endpoint_auth_methods_supported: ["client_secret_basic"],
        response_types_supported: ["code"],
      });
      return;
    }
    if (req.method === "GET" && req.url === "/jwks") {
      json(200, { keys: [jwk] });
      return;
    }
    if (req.method === "POST" && req.url === "/token") {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size <= 65_536) chunks.push(chunk);
      });
      req.on("end", () => {
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
        tokenRequests.push(form);
        const basic = `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString("base64")}`;
        if (req.headers.authorization !== basic) json(401, { error: "invalid_client" });
        else if (form.grant_type !== "client_credentials") json(400, { error: "unsupported_grant_type" });
        else
          json(200, {
            access_token: mint(form.scope ?? ""),
            token_type: "Bearer",
            expires_in: 600,
            scope: form.scope ?? "",
          });
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    tokenRequests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
