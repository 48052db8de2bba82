import type { AuthChallengeResponse, ClientAuthProvider } from "@mcpkit/core";
import { HttpStatusError } from "./errors.js";
import type { HttpCall, HttpReply } from "./http-sender.js";

/** At most this much of a refused answer's body is kept for the error. */
const REFUSAL_BODY_BYTES = 64 * 1024;

/**
 * The auth provider refused to go on after a 401/403 (its `onChallenge` threw an error that
 * carries no HTTP status): an {@link HttpStatusError} with the refused answer's status, headers
 * and body, the provider's error as `cause` and its message. It keeps the status so the client
 * reports it as an HTTP refusal, never as "this server speaks another protocol revision".
 */
export class AuthorizationRefusedError extends HttpStatusError {
  override readonly name: string = "AuthorizationRefusedError";
  constructor(reply: HttpReply, body: string, cause: unknown) {
    super(reply.status, reply.statusText, body, reply.headers());
    this.message = `the server answered HTTP ${reply.status} and the auth provider could not authorize: ${
      cause instanceof Error ? cause.message : String(cause)
    }`;
    (this as { cause?: unknown }).cause = cause;
  }
}

/**
 * Sends `call` through `send` with the provider's headers added; a 401/403 goes to the provider,
 * which may have it sent again (see {@link answerChallenge}). Without a provider, just `send(call)`.
 */
export async function sendAuthorized(
  auth: ClientAuthProvider | undefined,
  call: HttpCall,
  send: (call: HttpCall) => Promise<HttpReply>,
): Promise<HttpReply> {
  if (!auth) return send(call);
  const authorized = await withAuthHeaders(auth, call, call.headers);
  const reply = await send(authorized);
  return answerChallenge(auth, authorized, call.headers, reply, send);
}

/** `call` with the provider's headers for it added over `base` (the headers before auth). */
export async function withAuthHeaders(
  provider: ClientAuthProvider,
  call: HttpCall,
  base: Readonly<Record<string, string>>,
): Promise<HttpCall> {
  const given = await provider.headers({ method: call.method, url: call.url });
  const headers: Record<string, string> = { ...base };
  for (const name of Object.keys(given)) headers[name.toLowerCase()] = String(given[name]);
  return { ...call, headers };
}

function lowerCased(reply: HttpReply): Record<string, string> {
  const record: Record<string, string> = {};
  reply.headers().forEach((value, name) => {
    record[name.toLowerCase()] = value;
  });
  return record;
}

function describe(call: HttpCall, reply: HttpReply): AuthChallengeResponse {
  return { method: call.method, url: call.url, status: reply.status, headers: lowerCased(reply) };
}

/** Whether a status is one the auth provider is asked about. */
export function isChallenge(status: number): boolean {
  return status === 401 || status === 403;
}

/**
 * What a transport does with an answer when it has an auth provider: a 401 or 403 goes to
 * `onChallenge` (its body dropped), and if that resolves `"retry"` the request is sent once more
 * with fresh headers (`resend`); a different 401/403 to that gets one more round (at most
 * {@link MAX_CHALLENGE_ROUNDS}), and the last answer is returned, whatever it is; what `onChallenge`
 * throws is thrown (wrapped in {@link AuthorizationRefusedError} when it carries no `status`).
 * Every other answer is shown to `onResponse` and returned as is.
 */
export async function answerChallenge(
  provider: ClientAuthProvider,
  call: HttpCall,
  base: Readonly<Record<string, string>>,
  reply: HttpReply,
  resend: (call: HttpCall) => Promise<HttpReply>,
): Promise<HttpReply> {
  if (!isChallenge(reply.status)) {
    provider.onResponse?.(describe(call, reply));
    return reply;
  }
  let current = reply;
  let previous: AuthChallengeResponse | undefined;
  for (let round = 1; ; round++) {
    const challenge = describe(call, current);
    // A second round only for a different challenge: the provider's fresh token met a new
    // demand (a DPoP server asking for its nonce, RFC 9449 §9). The same challenge again means
    // the retry did not help, and it is the request's answer.
    if (previous !== undefined && (round > MAX_CHALLENGE_ROUNDS || sameChallenge(previous, challenge))) {
      return current;
    }
    let body = "";
    try {
      body = (await current.text(REFUSAL_BODY_BYTES)) ?? "";
    } catch {
      // The body is only for the error message.
    }
    try {
      await provider.onChallenge(challenge);
    } catch (error) {
      const status = (error as { status?: unknown } | null)?.status;
      if (error instanceof Error && typeof status === "number") throw error;
      throw new AuthorizationRefusedError(current, body, error);
    }
    const retried = await resend(await withAuthHeaders(provider, call, base));
    if (!isChallenge(retried.status)) {
      provider.onResponse?.(describe(call, retried));
      return retried;
    }
    previous = challenge;
    current = retried;
  }
}

/** At most this many challenges of one request go to the provider (so at most this many resends). */
const MAX_CHALLENGE_ROUNDS = 2;

function sameChallenge(a: AuthChallengeResponse, b: AuthChallengeResponse): boolean {
  return a.status === b.status && a.headers["www-authenticate"] === b.headers["www-authenticate"];
}
