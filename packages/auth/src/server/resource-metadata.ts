/** Options of {@link protectedResourceMetadata}: the fields of the RFC 9728 document. */
export interface ProtectedResourceMetadataOptions {
  /** This resource's identifier: the MCP endpoint's URL as clients address it, e.g. `https://mcp.example.com/mcp`. */
  readonly resource: string;
  /** Issuer identifiers of the authorization servers clients may get tokens from (at least one). */
  readonly authorizationServers: readonly string[];
  /** Scopes this resource understands. */
  readonly scopesSupported?: readonly string[];
  /** How tokens may be sent. Default `["header"]`. */
  readonly bearerMethodsSupported?: readonly string[];
  readonly resourceName?: string;
  readonly resourceDocumentation?: string;
  /** Set `dpop_bound_access_tokens_required`. */
  readonly dpopBoundAccessTokensRequired?: boolean;
  readonly dpopSigningAlgValuesSupported?: readonly string[];
  /** More members, as is. */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** The protected-resource metadata of one resource and how to serve it. */
export interface ServedResourceMetadata {
  /** The RFC 9728 document. */
  readonly document: Readonly<Record<string, unknown>>;
  /** Where it is served: the path-aware well-known URL of the resource. */
  readonly url: string;
  /**
   * A web-standard handler: the document (with CORS, so browser clients can read it) for a GET,
   * HEAD or OPTIONS on the well-known path, undefined for any other request (so it composes
   * with other handlers).
   */
  readonly handler: (request: Request) => Response | undefined;
}

const WELL_KNOWN = "/.well-known/oauth-protected-resource";

/**
 * The path-aware well-known URL of a resource's metadata (RFC 9728 section 3.1): the well-known
 * prefix, then the resource's path (`https://mcp.example.com/mcp` →
 * `https://mcp.example.com/.well-known/oauth-protected-resource/mcp`).
 *
 * @example
 * ```ts
 * protectedResourceMetadataUrl("https://mcp.example.com/mcp");
 * // "https://mcp.example.com/.well-known/oauth-protected-resource/mcp"
 * ```
 */
export function protectedResourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  return `${url.origin}${WELL_KNOWN}${path}`;
}

const CORS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, HEAD, OPTIONS",
  "access-control-allow-headers": "MCP-Protocol-Version",
};

/**
 * The protected-resource metadata document of an MCP server (RFC 9728), its URL, and a handler
 * serving it there.
 *
 * @example
 * ```ts
 * const metadata = protectedResourceMetadata({
 *   resource: "https://mcp.example.com/mcp",
 *   authorizationServers: ["https://auth.example.com"],
 *   scopesSupported: ["files:read", "files:write"],
 * });
 * // Next to the MCP endpoint (e.g. serveStreamableHttp's `fallback`):
 * const answer = metadata.handler(new Request(metadata.url));
 * ```
 */
export function protectedResourceMetadata(options: ProtectedResourceMetadataOptions): ServedResourceMetadata {
  if (options.authorizationServers.length === 0) {
    throw new TypeError("protected-resource metadata needs at least one authorization server");
  }
  const document: Record<string, unknown> = {
    resource: options.resource,
    authorization_servers: [...options.authorizationServers],
    ...(options.scopesSupported ? { scopes_supported: [...options.scopesSupported] } : {}),
    bearer_methods_supported: [...(options.bearerMethodsSupported ?? ["header"])],
    ...(options.resourceName === undefined ? {} : { resource_name: options.resourceName }),
    ...(options.resourceDocumentation === undefined
      ? {}
      : { resource_documentation: options.resourceDocumentation }),
    ...(options.dpopBoundAccessTokensRequired === undefined
      ? {}
      : { dpop_bound_access_tokens_required: options.dpopBoundAccessTokensRequired }),
    ...(options.dpopSigningAlgValuesSupported
      ? { dpop_signing_alg_values_supported: [...options.dpopSigningAlgValuesSupported] }
      : {}),
    ...options.extra,
  };
  const url = protectedResourceMetadataUrl(options.resource);
  const path = new URL(url).pathname;
  const body = JSON.stringify(document);
  const handler = (request: Request): Response | undefined => {
    if (new URL(request.url).pathname !== path) return undefined;
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS });
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response(null, { status: 405, headers: { ...CORS, allow: "GET, HEAD, OPTIONS" } });
    }
    const headers = { ...CORS, "content-type": "application/json", "cache-control": "max-age=300" };
    return new Response(request.method === "HEAD" ? null : body, { status: 200, headers });
  };
  return { document, url, handler };
}
