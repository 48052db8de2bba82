import type { Params } from "../engine/types.js";
import { isObject } from "./lifecycle.js";

/**
 * The `_meta` keys of the stateless era's request envelope and result.
 *
 * @example
 * ```ts
 * declare const request: { params: { _meta: Record<string, unknown> } };
 * const version = request.params._meta[MetaKey.protocolVersion]; // "2026-07-28"
 * ```
 */
export const MetaKey = {
  protocolVersion: "io.modelcontextprotocol/protocolVersion",
  clientCapabilities: "io.modelcontextprotocol/clientCapabilities",
  clientInfo: "io.modelcontextprotocol/clientInfo",
  logLevel: "io.modelcontextprotocol/logLevel",
  serverInfo: "io.modelcontextprotocol/serverInfo",
} as const;

/** What a stateless-era request's envelope says (values unchecked: validation reports bad shapes). */
export interface Envelope {
  readonly protocolVersion: unknown;
  readonly clientCapabilities: unknown;
  readonly clientInfo: unknown;
}

/** Reads the envelope from a request's params. */
export function readEnvelope(params: Params | undefined): Envelope {
  const meta = isObject(params?._meta) ? params._meta : {};
  return {
    protocolVersion: meta[MetaKey.protocolVersion],
    clientCapabilities: meta[MetaKey.clientCapabilities],
    clientInfo: meta[MetaKey.clientInfo],
  };
}

/** Whether params carry a stateless-era envelope (a protocol version in `_meta`). */
export function hasEnvelope(params: Params | undefined): boolean {
  return readEnvelope(params).protocolVersion !== undefined;
}
