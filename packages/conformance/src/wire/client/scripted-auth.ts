import { createHash } from "node:crypto";
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import { type Json, type JsonObject, isObject } from "../../model/json.js";
import type { AuthScript } from "../../model/transcript.js";
import { substitute } from "../../match/substitute.js";
import type { RequestLog } from "../../run/request-log.js";
import { type ReceivedRequest, readRequest, requestRecord } from "./received-request.js";

/** The RFC 9728 well-known prefix of protected-resource metadata. */
export const PRM_WELL_KNOWN = "/.well-known/oauth-protected-resource";
/** Where a `prm.at: "custom"` document lives: reachable only through the challenge's URL. */
export const CUSTOM_PRM_PATH = "/custom/metadata/location.json";
/** The `iss` a `"wrong"` authorization response carries. */
export const WRONG_ISSUER = "https://wrong-issuer.example.com";

/** What the runner remembers of one authorization code it issued. */
interface CodeGrant {
  challenge: string | undefined;
  method: string | undefined;
  scope: string | undefined;
}

/** Why the MCP endpoint refuses a request: the status and its `WWW-Authenticate`. */
export interface Refusal {
  status: 401 | 403;
  wwwAuthenticate: string;
}

/**
 * The authorization side of a client transcript (docs/conformance-format.md §8.6): the protected
 * resource's metadata and token checks on the MCP origin, and a scripted authorization server on a
 * second origin. It behaves permissively (it issues tokens even for a wrong PKCE verifier) and
 * records facts (`pkceVerified`), so that a transcript step, not a refused token, names the rule.
 */
export class ScriptedAuth {
  private server: Server | undefined;
  private authOrigin = "";
  private readonly codes = new Map<string, CodeGrant>();
  private readonly tokens = new Map<string, string[]>();
  private readonly refreshTokens = new Map<string, string[]>();
  private issued = { code: 0, token: 0, client: 0 };

  constructor(
    private readonly script: AuthScript,
    private readonly log: RequestLog,
    private readonly resourceOrigin: string,
    private readonly mcpPath: string,
  ) {}

  /** Starts the authorization server on its own loopback port (another origin than the resource). */
  async listen(): Promise<void> {
    const server = createServer((req, res) => {
      this.handleAuthorization(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    this.authOrigin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  }

  private get issuerPath(): string {
    return this.script.authorizationServer?.issuerPath ?? "";
  }

  issuer(): string {
    return `${this.authOrigin}${this.issuerPath}`;
  }

  /** The path of the protected-resource metadata on the resource origin. */
  prmPath(): string {
    const at = this.script.prm?.at ?? "path";
    if (at === "root") return PRM_WELL_KNOWN;
    if (at === "custom") return CUSTOM_PRM_PATH;
    return `${PRM_WELL_KNOWN}${this.mcpPath}`;
  }

  /** Variables the transcript can use: `prmUrl`, `authIssuer`, `authOrigin`. */
  variables(): Record<string, Json> {
    return {
      prmUrl: `${this.resourceOrigin}${this.prmPath()}`,
      authIssuer: this.issuer(),
      authOrigin: this.authOrigin,
    };
  }

  private lookup = (name: string): Json | undefined =>
    ({
      ...this.variables(),
      mcpUrl: `${this.resourceOrigin}${this.mcpPath}`,
      resourceOrigin: this.resourceOrigin,
    })[name];

  /** A default document with the transcript's fields over it (substituted; `null` removes a field). */
  private overlay(base: JsonObject, over: JsonObject | undefined): JsonObject {
    const out: JsonObject = { ...base };
    for (const [key, value] of Object.entries(over ?? {})) {
      if (value === null) delete out[key];
      else out[key] = substitute(value, this.lookup);
    }
    return out;
  }

  private prmDocument(): JsonObject {
    const resource =
      (this.script.prm?.at ?? "path") === "root"
        ? this.resourceOrigin
        : `${this.resourceOrigin}${this.mcpPath}`;
    return this.overlay({ resource, authorization_servers: [this.issuer()] }, this.script.prm?.document);
  }

  private metadataPath(): string {
    const at = this.script.authorizationServer?.metadataAt ?? "oauth";
    if (at === "oidc") return `/.well-known/openid-configuration${this.issuerPath}`;
    if (at === "oidc-append") return `${this.issuerPath}/.well-known/openid-configuration`;
    return `/.well-known/oauth-authorization-server${this.issuerPath}`;
  }

  private metadata(): JsonObject {
    const base = `${this.authOrigin}${this.issuerPath}`;
    const document: JsonObject = {
      issuer: this.issuer(),
      authorization_endpoint: `${base}/authorize`,
      token_endpoint: `${base}/token`,
      registration_endpoint: `${base}/register`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
    };
    if ((this.script.authorizationServer?.metadataAt ?? "oauth") !== "oauth") {
      document.jwks_uri = `${base}/jwks`;
      document.subject_types_supported = ["public"];
      document.id_token_signing_alg_values_supported = ["RS256"];
    }
    return this.overlay(document, this.script.authorizationServer?.metadata);
  }

  private challenge(extra: string[]): string {
    const params = [...extra];
    if (this.script.challenge?.resourceMetadata !== false)
      params.push(`resource_metadata="${this.resourceOrigin}${this.prmPath()}"`);
    if (this.script.challenge?.scope !== undefined) params.push(`scope="${this.script.challenge.scope}"`);
    return params.length > 0 ? `Bearer ${params.join(", ")}` : "Bearer";
  }

  /**
   * Checks the token of a request to the MCP endpoint: undefined when it may pass, else the refusal.
   * `methods` are the JSON-RPC methods the request carries (none for GET and DELETE).
   */
  gate(authorization: string | undefined, methods: readonly string[]): Refusal | undefined {
    const token = /^Bearer +(\S+)\s*$/i.exec(authorization ?? "")?.[1];
    const granted = token === undefined ? undefined : this.tokens.get(token);
    if (granted === undefined) {
      const extra = token === undefined ? [] : ['error="invalid_token"'];
      return { status: 401, wwwAuthenticate: this.challenge(extra) };
    }
    const scopes = this.script.scopes ?? {};
    const required = new Set<string>();
    const keys = methods.length > 0 ? methods : ["*"];
    for (const method of keys) for (const scope of scopes[method] ?? scopes["*"] ?? []) required.add(scope);
    if ([...required].every((scope) => granted.includes(scope))) return undefined;
    const params = [
      'error="insufficient_scope"',
      `scope="${[...required].join(" ")}"`,
      `resource_metadata="${this.resourceOrigin}${this.prmPath()}"`,
    ];
    return { status: 403, wwwAuthenticate: `Bearer ${params.join(", ")}` };
  }

  /** Serves a request to the resource origin outside the MCP endpoint: the metadata, else 404. */
  serveResource(request: ReceivedRequest, res: ServerResponse): void {
    const found = request.method === "GET" && request.path === this.prmPath();
    this.answer(res, "resource", request, found ? 200 : 404, found ? this.prmDocument() : undefined);
  }

  private answer(
    res: ServerResponse,
    server: "resource" | "authorization",
    request: ReceivedRequest,
    status: number,
    body: Json | undefined,
    extra: { headers?: Record<string, string>; facts?: JsonObject } = {},
  ): void {
    this.log.push({ ...requestRecord(server, request), status, ...extra.facts });
    const headers: Record<string, string> = { "cache-control": "no-store", ...extra.headers };
    if (body !== undefined) headers["content-type"] = "application/json";
    res.writeHead(status, headers).end(body === undefined ? "" : JSON.stringify(body));
  }

  private async handleAuthorization(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const request = await readRequest(req);
    const base = this.issuerPath;
    const { method, path } = request;
    if (method === "GET" && path === this.metadataPath()) {
      this.answer(res, "authorization", request, 200, this.metadata());
    } else if (method === "GET" && path === `${base}/authorize`) {
      this.authorize(request, res);
    } else if (method === "POST" && path === `${base}/token`) {
      this.token(request, res);
    } else if (method === "POST" && path === `${base}/register`) {
      this.register(request, res);
    } else if (method === "GET" && path === `${base}/jwks`) {
      this.answer(res, "authorization", request, 200, { keys: [] });
    } else {
      this.answer(res, "authorization", request, 404, { error: "not_found" });
    }
  }

  /** The authorization endpoint: no user, no consent: redirects at once with a code (§8.6). */
  private authorize(request: ReceivedRequest, res: ServerResponse): void {
    const query = request.query;
    let target: URL;
    try {
      target = new URL(String(query.redirect_uri ?? ""));
    } catch {
      this.answer(res, "authorization", request, 400, {
        error: "invalid_request",
        error_description: "redirect_uri is missing or not an absolute URL",
      });
      return;
    }
    const code = `conformance-code-${++this.issued.code}`;
    this.codes.set(code, {
      challenge: stringOf(query.code_challenge),
      method: stringOf(query.code_challenge_method),
      scope: stringOf(query.scope),
    });
    target.searchParams.set("code", code);
    const state = stringOf(query.state);
    if (state !== undefined) target.searchParams.set("state", state);
    const iss = this.script.authorizationServer?.iss ?? "omit";
    if (iss === "correct") target.searchParams.set("iss", this.issuer());
    if (iss === "wrong") target.searchParams.set("iss", WRONG_ISSUER);
    // The same issuer with a trailing slash: equal only after normalization, which RFC 9207 forbids.
    if (iss === "normalized") target.searchParams.set("iss", `${this.issuer()}/`);
    this.answer(res, "authorization", request, 302, undefined, { headers: { location: target.href } });
  }

  private grant(scope: string | undefined): JsonObject {
    const accessToken = `conformance-token-${++this.issued.token}`;
    const refreshToken = `conformance-refresh-${this.issued.token}`;
    const scopes = (scope ?? "").split(" ").filter((s) => s !== "");
    this.tokens.set(accessToken, scopes);
    this.refreshTokens.set(refreshToken, scopes);
    const body: JsonObject = {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: 3600,
      refresh_token: refreshToken,
    };
    if (scopes.length > 0) body.scope = scopes.join(" ");
    return body;
  }

  private token(request: ReceivedRequest, res: ServerResponse): void {
    const form = request.form ?? {};
    const grantType = stringOf(form.grant_type);
    if (grantType === "authorization_code") {
      const grant = this.codes.get(stringOf(form.code) ?? "");
      if (!grant) {
        this.answer(res, "authorization", request, 400, { error: "invalid_grant" });
        return;
      }
      const verifier = stringOf(form.code_verifier);
      const pkceVerified =
        grant.method === "S256" &&
        grant.challenge !== undefined &&
        verifier !== undefined &&
        createHash("sha256").update(verifier).digest("base64url") === grant.challenge;
      this.answer(res, "authorization", request, 200, this.grant(stringOf(form.scope) ?? grant.scope), {
        facts: { pkceVerified },
      });
      return;
    }
    if (grantType === "refresh_token") {
      const scopes = this.refreshTokens.get(stringOf(form.refresh_token) ?? "");
      if (!scopes) {
        this.answer(res, "authorization", request, 400, { error: "invalid_grant" });
        return;
      }
      const asked = (stringOf(form.scope) ?? scopes.join(" ")).split(" ").filter((scope) => scope !== "");
      if (!asked.every((scope) => scopes.includes(scope))) {
        // A refresh never widens a grant (RFC 6749 §6): more scope needs a new authorization.
        this.answer(res, "authorization", request, 400, { error: "invalid_scope" });
        return;
      }
      this.answer(res, "authorization", request, 200, this.grant(asked.join(" ")));
      return;
    }
    this.answer(res, "authorization", request, 400, { error: "unsupported_grant_type" });
  }

  /** Dynamic client registration (RFC 7591): echoes the metadata with a fixed-format client id. */
  private register(request: ReceivedRequest, res: ServerResponse): void {
    const body = isObject(request.body) ? request.body : {};
    const method = stringOf(body.token_endpoint_auth_method) ?? "client_secret_basic";
    const client: JsonObject = {
      ...body,
      client_id: `conformance-client-${++this.issued.client}`,
      token_endpoint_auth_method: method,
    };
    if (method !== "none") client.client_secret = `conformance-secret-${this.issued.client}`;
    this.answer(res, "authorization", request, 201, client);
  }

  async dispose(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function stringOf(value: Json | undefined): string | undefined {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && typeof value[0] === "string") return value[0];
  return undefined;
}
