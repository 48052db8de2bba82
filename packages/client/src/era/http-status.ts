/**
 * The statuses with which HTTP servers that do not speak the stateless era refuse its
 * `server/discover` probe (a session-era server wants `initialize` first, a legacy one takes no
 * POST there). Any other status (401, 403, 429, 5xx, a refused redirect, ...) says nothing about
 * the era: `connect` reports it as it is.
 */
const ERA_REFUSALS = new Set([400, 404, 405, 406, 415, 422]);

/**
 * The HTTP status a transport failed a send with (the HTTP transports' `HttpStatusError`), or
 * undefined for any other error. Asked by shape: the client imports no transport.
 */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && Number.isInteger(status) ? status : undefined;
}

/** Whether `error` is an HTTP refusal that is no answer to the era probe (e.g. 401): report it as is. */
export function isHttpFailure(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status !== undefined && !ERA_REFUSALS.has(status);
}
