import type { AuthorizationServer } from "oauth4webapi";
import type { ProtectedResourceMetadata } from "./discovery.js";

/** Space-separated scopes as a list, empty entries dropped. */
export function scopeList(scope: string | undefined): string[] {
  return scope === undefined ? [] : scope.split(" ").filter((s) => s !== "");
}

/**
 * The scope to request (MCP "scope selection strategy"): the challenge's `scope`, else the PRM's
 * `scopes_supported`, else none; united with the scopes asked before (a step-up keeps what was
 * granted); `offline_access` added only when the authorization server lists it and `offline` is on.
 * `undefined` means: send no `scope` parameter.
 */
export function selectScope(input: {
  readonly challengeScope: string | undefined;
  readonly resourceMetadata: ProtectedResourceMetadata;
  readonly authorizationServer: AuthorizationServer;
  readonly previous: string | undefined;
  readonly offline: boolean;
  readonly configured: string | undefined;
}): string | undefined {
  const base =
    input.configured !== undefined
      ? scopeList(input.configured)
      : input.challengeScope !== undefined
        ? scopeList(input.challengeScope)
        : [...(input.resourceMetadata.scopes_supported ?? [])];
  const scopes = new Set([...scopeList(input.previous), ...base]);
  if (input.offline && input.authorizationServer.scopes_supported?.includes("offline_access")) {
    scopes.add("offline_access");
  }
  return scopes.size === 0 ? undefined : [...scopes].join(" ");
}
