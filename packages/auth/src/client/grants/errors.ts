import { UnauthorizedError } from "../errors.js";

/**
 * A token endpoint refused a grant or answered something that is not a token response. `error`
 * and `description` are the server's OAuth error (`invalid_grant`, `invalid_client`,
 * `invalid_scope`, `unauthorized_client`...) when it sent one; `responseStatus` is the HTTP status.
 *
 * @example
 * ```ts
 * declare function rotateSecret(): void;
 * try {
 *   await client.connect(transport);
 * } catch (error) {
 *   if (error instanceof TokenRequestError && error.error === "invalid_client") rotateSecret();
 * }
 * ```
 */
export class TokenRequestError extends UnauthorizedError {
  override readonly name = "TokenRequestError";
  /** The OAuth `error` code, when the server sent a JSON error. */
  readonly error: string | undefined;
  /** The token endpoint that answered. */
  readonly endpoint: string;
  /** The OAuth `error_description`, when the server sent one. */
  readonly description: string | undefined;
  /**
   * The token endpoint's HTTP status, when a response arrived (not named `status`: a transport
   * reads `status` as the MCP server's own refusal).
   */
  readonly responseStatus: number | undefined;

  constructor(
    message: string,
    details: {
      endpoint: string;
      error?: string;
      description?: string;
      responseStatus?: number;
      cause?: unknown;
    },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.error = details.error;
    this.endpoint = details.endpoint;
    this.description = details.description;
    this.responseStatus = details.responseStatus;
  }
}
