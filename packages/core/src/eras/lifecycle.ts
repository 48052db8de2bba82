import { truncateEcho } from "../echo.js";
import { LocalError, McpError } from "../errors.js";
import { ErrorCode } from "../jsonrpc/codes.js";
import type { JsonObject, PeerInfo } from "../engine/types.js";

/** Methods that flow at any point of a session, even before `initialize` completes. */
export const alwaysAllowed: ReadonlySet<string> = new Set([
  "ping",
  "notifications/cancelled",
  "notifications/progress",
]);

/** The answer to a request that arrives before the session is initialized. */
export function notInitializedAnswer(method: string): McpError {
  return new McpError(
    ErrorCode.InvalidRequest,
    `Invalid Request: ${truncateEcho(method)} before initialization; the session must begin with initialize`,
  );
}

/** The local failure for sending before the session is initialized. */
export function notInitializedLocal(method: string, waitingFor: string): LocalError {
  return new LocalError("not_initialized", `Cannot send ${method} before ${waitingFor}`);
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A peer description from what it sent (ignoring values of the wrong shape). */
export function peerFrom(capabilities: unknown, info: unknown): PeerInfo {
  return {
    capabilities: isObject(capabilities) ? capabilities : undefined,
    info: isObject(info) ? info : undefined,
  };
}

export const noPeer: PeerInfo = Object.freeze({ capabilities: undefined, info: undefined });

/** The built-in answer to `ping`. */
export const answerPing = (): JsonObject => ({});
