import type { ConnectionArgs } from "./args.js";

/** Errors and their causes, outermost first (bounded: cause chains can loop). */
function chain(error: unknown): unknown[] {
  const found: unknown[] = [];
  let current: unknown = error;
  for (let i = 0; i < 8 && current !== undefined && current !== null; i++) {
    found.push(current);
    if (current instanceof AggregateError && current.errors.length > 0) found.push(...current.errors);
    current = (current as { cause?: unknown }).cause;
  }
  return found;
}

const NETWORK: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host not found",
  ECONNRESET: "connection reset",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  DEPTH_ZERO_SELF_SIGNED_CERT: "the server's certificate is self-signed",
};

/** Errors of @mcpkit/auth that say more than the 401 they end in. */
const AUTH_FAILURES = new Set([
  "AuthorizationServerError",
  "AuthorizationDiscoveryError",
  "InsufficientScopeError",
]);

/** One line saying why connecting failed, in the user's terms. */
export function describeFailure(
  error: unknown,
  args: ConnectionArgs,
  stderrLine: string | undefined,
): string {
  const errors = chain(error);
  const where = args.target.kind === "url" ? args.target.url.href : `"${args.target.command}"`;
  const fromUs = errors.find((e) => e instanceof Error && e.name === "CliError");
  if (fromUs instanceof Error) return fromUs.message;
  for (const e of errors) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && code in NETWORK) return `could not connect to ${where}: ${NETWORK[code]}`;
  }
  const auth = errors.find((e) => e instanceof Error && AUTH_FAILURES.has(e.name));
  if (auth instanceof Error) return `authorization failed: ${auth.message}`;
  for (const e of errors) {
    const status = (e as { status?: unknown }).status;
    if (status === 401 && args.target.kind === "url" && e instanceof Error)
      return `${where} needs authorization: run mcpkit login ${where}`;
    if (typeof status === "number" && e instanceof Error && e.name.includes("Status"))
      return `could not connect to ${where}: the server answered HTTP ${status}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (args.target.kind === "stdio") {
    if (message.startsWith("could not start the server"))
      return message.replace(/^could not start/, "could not start");
    const said = stderrLine ? `; it said: ${stderrLine}` : "";
    if (/closed|exited|ended/i.test(message)) return `the server ${where} exited before answering${said}`;
    return `could not talk to the server ${where}: ${message}${said}`;
  }
  return `could not connect to ${where}: ${message}`;
}
