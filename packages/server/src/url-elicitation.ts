import { ErrorCode, McpError } from "@mcpkit/core";

/** One URL-mode elicitation the client must have the user complete (2025-11-25). */
export interface UrlElicitation {
  readonly message: string;
  readonly url: string;
  /** Names the flow: send `ctx.session.elicitationComplete(elicitationId)` when it is done. */
  readonly elicitationId: string;
}

/**
 * Thrown by a handler that cannot go on until the user completes URL-mode elicitations (sign in
 * with a third party, a payment page): the request is answered with error -32042
 * (`URLElicitationRequiredError`, 2025-11-25) listing them. An mcpkit client shows each URL
 * through its URL elicitation handler, waits for `notifications/elicitation/complete`
 * (`ctx.session.elicitationComplete(id)`), and calls again.
 *
 * @example
 * ```ts
 * declare function hasToken(user: string | undefined): boolean;
 * server.tool({ name: "sync-calendar", inputSchema: { type: "object" } }, (_args, ctx) => {
 *   if (!hasToken(ctx.auth?.subject))
 *     throw new UrlElicitationRequiredError([
 *       { message: "Connect your calendar", url: "https://example.com/connect?e=42", elicitationId: "42" },
 *     ]);
 *   return { content: [{ type: "text", text: "synced" }] };
 * });
 * ```
 */
export class UrlElicitationRequiredError extends McpError {
  readonly elicitations: readonly UrlElicitation[];

  constructor(
    elicitations: readonly UrlElicitation[],
    message = "This request needs the user to complete an elicitation",
  ) {
    super(ErrorCode.UrlElicitationRequired, message, {
      elicitations: elicitations.map(({ message, url, elicitationId }) => ({
        mode: "url",
        message,
        url,
        elicitationId,
      })),
    });
    this.elicitations = elicitations;
  }
}
