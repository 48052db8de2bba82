// The client side of the end-to-end tests: an OAuthClientProvider whose browser is the test
// authorization server's automated login and consent, with a record of where it was sent.
import { Client } from "@mcpkit/client";
import type { Transport } from "@mcpkit/core";
import { OAuthClientProvider, type OAuthClientProviderOptions } from "../../src/index.js";
import type { AuthorizationServer } from "./authorization-server.js";

/** Nothing listens here: the automated browser stops at the redirect and hands the URL back. */
export const REDIRECT_URL = "http://127.0.0.1:9/callback";

export interface E2eProvider {
  readonly provider: OAuthClientProvider;
  /** Every authorization URL the provider opened, in order. */
  readonly authorizations: URL[];
}

export function e2eProvider(
  as: AuthorizationServer,
  options: Partial<OAuthClientProviderOptions> = {},
): E2eProvider {
  const authorizations: URL[] = [];
  const provider = new OAuthClientProvider({
    redirectUrl: REDIRECT_URL,
    redirect: async (url) => {
      authorizations.push(url);
      return as.authorize(url);
    },
    clientMetadata: { client_name: "mcpkit e2e" },
    ...options,
  });
  return { provider, authorizations };
}

export type Revision = "2025-11-25" | "2026-07-28";

export async function connectClient(transport: Transport, revision: Revision): Promise<Client> {
  const client = new Client({ clientInfo: { name: "mcpkit-e2e", version: "1.0.0" }, revision });
  await client.connect(transport);
  return client;
}

/** The JSON a `whoami` tool answered. */
export function whoami(result: { content: readonly unknown[] }): {
  sub?: string;
  clientId?: string;
  scopes: string[];
} {
  const first = result.content[0] as { type: string; text: string };
  return JSON.parse(first.text);
}

/** Waits (bounded) until the wall clock is past a JWT's `exp`, so the server refuses it as expired. */
export async function waitPastExpiry(accessToken: string, maxWaitMs = 10_000): Promise<void> {
  const payload = JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString()) as {
    exp: number;
  };
  const wait = payload.exp * 1000 + 1000 - Date.now();
  if (wait > maxWaitMs) throw new Error(`token expires in ${wait} ms, more than the ${maxWaitMs} ms allowed`);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
