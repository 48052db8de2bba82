import { AuthenticationError, type AuthInfo, type Authenticate } from "@mcpkit/core";
import type { InboundRequest } from "./inbound.js";
import { refusal } from "./refusal.js";
import type { Reply } from "./reply.js";

/** A request that passed `authenticate`: who sent it (undefined: anonymous) and its headers. */
export interface Verified {
  readonly auth: AuthInfo | undefined;
  readonly headers: Record<string, string>;
}

/**
 * The reply to a request whose credentials `authenticate` refused: its status and headers (the
 * `WWW-Authenticate` challenge), and an OAuth error body (RFC 6750 section 3).
 */
export function authenticationRefusal(error: AuthenticationError): Reply {
  return {
    status: error.status,
    headers: { ...error.headers, "content-type": "application/json" },
    body: JSON.stringify({ error: error.error, error_description: error.message }),
  };
}

/**
 * Runs the endpoint's `authenticate` hook on a request: the verified identity, or the refusal to
 * answer with. Anything but an {@link AuthenticationError} is thrown on (the endpoint answers 500
 * and tells `onError`).
 */
export async function authenticateRequest(
  authenticate: Authenticate,
  request: InboundRequest,
): Promise<Verified | Reply> {
  const headers = request.headerRecord();
  try {
    const auth = await authenticate({ method: request.method, url: request.url, headers });
    return { auth, headers };
  } catch (error) {
    if (error instanceof AuthenticationError) return authenticationRefusal(error);
    throw error;
  }
}

/** Whether `outcome` is a refusal rather than a verified request. */
export function isReply(outcome: Verified | Reply): outcome is Reply {
  return "status" in outcome;
}

/** Whom a session is bound to: the token's subject, else its client id; undefined when anonymous. */
export function subjectOf(auth: AuthInfo | undefined): string | undefined {
  return auth?.subject ?? auth?.clientId;
}

/** The 403 for a request on a session opened by someone else. */
export function notTheSessionOwner(what: string): Reply {
  return refusal(
    403,
    `Forbidden: this ${what} was opened by another subject; the credentials presented are not its owner's`,
    -32003,
  );
}
