import type { AuthChallengeResponse, ClientAuthProvider } from "@mcpkit/core";
import { decodeProtectedHeader, importJWK, type JWK, type JWTPayload, jwtVerify } from "jose";
import { ScriptedServer, type SeenRequest } from "./client-scripted-server.js";

/** Starts scripted servers and closes them all in `closeAll` (call from afterEach). */
export class ServerPool {
  readonly #servers: ScriptedServer[] = [];
  async start(): Promise<ScriptedServer> {
    const server = await new ScriptedServer().start();
    this.#servers.push(server);
    return server;
  }
  async closeAll(): Promise<void> {
    await Promise.all(this.#servers.splice(0).map((s) => s.close()));
  }
}

export function asMetadata(issuer: string, extra: Record<string, unknown> = {}) {
  return {
    issuer,
    token_endpoint: `${issuer}/token`,
    response_types_supported: ["code"],
    grant_types_supported: ["client_credentials"],
    ...extra,
  };
}

/** The form fields of a seen request body. */
export function form(request: SeenRequest | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request?.body ?? ""));
}

/** Verifies a DPoP proof with the key in its header; returns its claims and key. */
export async function verifyDpopProof(
  proof: string | string[] | undefined,
): Promise<{ payload: JWTPayload; jwk: JWK }> {
  if (typeof proof !== "string") throw new Error(`expected one DPoP header, got ${JSON.stringify(proof)}`);
  const header = decodeProtectedHeader(proof);
  const jwk = header.jwk as JWK;
  const { payload } = await jwtVerify(proof, await importJWK(jwk, header.alg), { typ: "dpop+jwt" });
  return { payload, jwk };
}

function lowerCaseHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = value;
  });
  return out;
}

/**
 * What the HTTP client transport does with a ClientAuthProvider, for one request: headers, send;
 * a 401/403 goes to `onChallenge` and the request is sent again; a second, different challenge
 * gets one more round (at most two); other answers go to `onResponse`.
 */
export async function sendThrough(
  provider: ClientAuthProvider,
  url: string,
  body: unknown = { jsonrpc: "2.0", id: 1, method: "tools/list" },
): Promise<Response> {
  let previous: AuthChallengeResponse | undefined;
  for (let round = 1; round <= 3; round++) {
    const headers = await provider.headers({ method: "POST", url });
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    const seen: AuthChallengeResponse = {
      method: "POST",
      url,
      status: response.status,
      headers: lowerCaseHeaders(response.headers),
    };
    if (response.status !== 401 && response.status !== 403) {
      provider.onResponse?.(seen);
      return response;
    }
    const same =
      previous !== undefined &&
      previous.status === seen.status &&
      previous.headers["www-authenticate"] === seen.headers["www-authenticate"];
    if (round === 3 || same) return response;
    await response.body?.cancel();
    await provider.onChallenge(seen);
    previous = seen;
  }
  throw new Error("unreachable");
}
