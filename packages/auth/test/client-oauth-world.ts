import type { AuthChallengeResponse } from "@mcpkit/core";
import { createHash } from "node:crypto";
import { type OAuthClientProviderOptions, OAuthClientProvider } from "../src/index.js";
import { ScriptedServer } from "./client-scripted-server.js";

/** base64url(SHA-256(verifier)): the S256 code challenge, computed independently of the library. */
export function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

/** A protected resource and its authorization server on 127.0.0.1, scripted, recording requests. */
export interface World {
  rs: ScriptedServer;
  as: ScriptedServer;
  serverUrl: string;
  /** Every authorization URL the provider sent the user to. */
  authorizations: URL[];
  /** How the "user" answers an authorization URL: by default code + state + the issuer as iss. */
  answer: (url: URL) => string;
  /** The AS metadata served (edit before the flow). */
  metadata: Record<string, unknown>;
  prm: Record<string, unknown>;
  /** The next token response bodies, in order (then the last repeats). */
  tokens: Record<string, unknown>[];
  provider(options?: Partial<OAuthClientProviderOptions>): OAuthClientProvider;
  close(): Promise<void>;
}

export async function world(): Promise<World> {
  const rs = await new ScriptedServer().start();
  const as = await new ScriptedServer().start();
  const serverUrl = `${rs.url}/mcp`;
  const self: World = {
    rs,
    as,
    serverUrl,
    authorizations: [],
    answer: (url) => {
      const back = new URL("http://127.0.0.1:9/callback");
      back.searchParams.set("code", "the-code");
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      back.searchParams.set("iss", as.url);
      return back.href;
    },
    metadata: {
      issuer: as.url,
      authorization_endpoint: `${as.url}/authorize`,
      token_endpoint: `${as.url}/token`,
      registration_endpoint: `${as.url}/register`,
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none"],
    },
    prm: { resource: serverUrl, authorization_servers: [as.url] },
    tokens: [{ access_token: "at1", token_type: "Bearer", expires_in: 3600, refresh_token: "rt1" }],
    provider: (options = {}) =>
      new OAuthClientProvider({
        serverUrl,
        redirectUrl: "http://127.0.0.1:9/callback",
        redirect: async (url) => {
          self.authorizations.push(url);
          return self.answer(url);
        },
        ...options,
      }),
    close: async () => {
      await rs.close();
      await as.close();
    },
  };
  rs.route("GET /.well-known/oauth-protected-resource/mcp", () => ({ body: self.prm }));
  as.route("GET /.well-known/oauth-authorization-server", () => ({ body: self.metadata }));
  as.route("POST /register", () => ({ status: 201, body: { client_id: "c1" } }));
  let issued = 0;
  as.route("POST /token", () => {
    const body = self.tokens[Math.min(issued, self.tokens.length - 1)];
    issued += 1;
    return { body };
  });
  return self;
}

/** The form body of a recorded request. */
export function form(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** A 401 as the transport reports it. */
export function unauthorized(url: string, wwwAuthenticate?: string): AuthChallengeResponse {
  const headers: Record<string, string> = {};
  if (wwwAuthenticate !== undefined) headers["www-authenticate"] = wwwAuthenticate;
  return { method: "POST", url, status: 401, headers };
}
