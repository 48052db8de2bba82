import type { AllowList } from "@mcpkit/transport-http";

/**
 * The security settings of the network transports, in one place: Host and Origin allow-lists
 * (DNS-rebinding protection), CORS, and message size limits.
 */
export interface SecurityOptions {
  /** Allowed `Host` values; undefined: loopback names only (so `Host: evil.example.com` gets 403). */
  readonly allowedHosts: AllowList | undefined;
  /** Allowed `Origin` values when present; undefined: loopback origins (HTTP), none (WebSocket). */
  readonly allowedOrigins: AllowList | undefined;
  /** CORS for browser clients (exposes `Mcp-Session-Id`). */
  readonly cors: boolean;
  /** Largest request body or inbound message, in bytes. */
  readonly maxBodyBytes: number;
  /** Largest outbound message, in bytes. */
  readonly maxMessageBytes: number;
}

export const defaultSecurity: SecurityOptions = {
  allowedHosts: undefined,
  allowedOrigins: undefined,
  cors: true,
  maxBodyBytes: 4 * 1024 * 1024,
  maxMessageBytes: 16 * 1024 * 1024,
};

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The security options for a bind address: loopback binds keep the loopback-only default; a server
 * bound elsewhere also accepts its own bind name in `Host` (never any name: DNS rebinding).
 */
export function securityFor(host: string): SecurityOptions {
  const name = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  if (LOOPBACK_HOSTS.includes(name)) return defaultSecurity;
  return { ...defaultSecurity, allowedHosts: [...LOOPBACK_HOSTS, name] };
}

/**
 * The WebSocket form of the origin check. Default (undefined): the transport's own, which allows
 * no browser origin (requests without `Origin` are not affected).
 */
export function websocketOrigins(
  security: SecurityOptions,
): readonly string[] | ((origin: string) => boolean) | undefined {
  const allowed = security.allowedOrigins;
  if (allowed === "any") return () => true;
  return allowed;
}
