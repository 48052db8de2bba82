import type { AuthInfo, Authenticate } from "@mcpkit/core";

/**
 * Carries the identity a framework's own auth middleware established for one request into the
 * endpoint's `authenticate` hook, so that it reaches every message's `authInfo` (`ctx.auth`).
 *
 * The endpoint calls its hook within the same synchronous turn as the call that hands it the
 * request (after the Host and Origin checks, before any `await`): {@link run} holds the identity
 * for exactly that turn. A hook call outside it (never expected) throws, so the request is
 * answered 500 instead of running anonymously.
 */
export class AuthRelay {
  private current: { readonly auth: AuthInfo | undefined } | undefined;

  /** `fallback` checks the request's own credentials when the framework established no identity. */
  constructor(private readonly fallback?: Authenticate) {}

  /** The hook to give the endpoint. */
  readonly authenticate: Authenticate = (request) => {
    const held = this.current;
    if (held === undefined) {
      throw new Error("mcpkit: the framework's identity was asked for outside the request's turn");
    }
    this.current = undefined;
    if (held.auth !== undefined || this.fallback === undefined) return held.auth;
    return this.fallback(request);
  };

  /** Runs `serve` (which hands the request to the endpoint) with `auth` held for its turn. */
  run(auth: AuthInfo | undefined, serve: () => void): void {
    this.current = { auth };
    try {
      serve();
    } finally {
      this.current = undefined;
    }
  }
}
