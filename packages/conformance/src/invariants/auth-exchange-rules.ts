import type { Json } from "../model/json.js";
import type { Revision } from "../model/revisions.js";
import { parseWwwAuthenticate } from "../match/www-authenticate.js";
import type { HttpExchange } from "../wire/wire.js";
import type { Breach } from "./violation.js";

/** The sent message(s) of an exchange, for reports (the body's JSON, else its text). */
function sentOf(exchange: HttpExchange): Json {
  if (exchange.body === undefined) return `${exchange.method} (no body)`;
  try {
    return JSON.parse(exchange.body) as Json;
  } catch {
    return exchange.body;
  }
}

/**
 * Authorization rules on every refusal of the MCP endpoint (basic/authorization): a 401 carries a
 * Bearer challenge (`auth.server.bearer-challenge`) naming the protected-resource metadata at
 * 2025-06-18 (`auth.server.challenge-resource-metadata`) and, from 2025-11-25, the scopes needed
 * (`auth.server.challenge-scope`, never `offline_access` at 2026-07-28); from 2025-11-25 a 403
 * `insufficient_scope` challenge names the scopes and the metadata URL.
 */
export function authExchangeRules(exchange: HttpExchange, revision: Revision): Breach[] {
  if (exchange.status !== 401 && exchange.status !== 403) return [];
  if (revision < "2025-06-18") return [];
  const out: Breach[] = [];
  const message = sentOf(exchange);
  const push = (requirement: string, detail: string) => out.push({ requirement, detail, message });
  const header = exchange.headers["www-authenticate"];
  const bearer =
    header === undefined ? undefined : parseWwwAuthenticate(header)?.find((c) => c.scheme === "bearer");
  if (exchange.status === 401) {
    if (bearer === undefined) {
      push(
        "auth.server.bearer-challenge",
        `HTTP 401 with WWW-Authenticate ${JSON.stringify(header ?? null)}, no Bearer challenge`,
      );
      return out;
    }
    const params = bearer.params;
    if (revision === "2025-06-18" && typeof params.resource_metadata !== "string")
      push(
        "auth.server.challenge-resource-metadata",
        `HTTP 401 whose Bearer challenge has no resource_metadata: ${header}`,
      );
    if (revision >= "2025-11-25" && typeof params.scope !== "string")
      push("auth.server.challenge-scope", `HTTP 401 whose Bearer challenge has no scope: ${header}`);
    if (
      revision >= "2026-07-28" &&
      typeof params.scope === "string" &&
      params.scope.split(/\s+/).includes("offline_access")
    )
      push("auth.server.no-offline-access", `HTTP 401 whose challenge asks for offline_access: ${header}`);
    return out;
  }
  if (revision < "2025-11-25" || bearer?.params.error !== "insufficient_scope") return out;
  const missing = ["scope", "resource_metadata"].filter((key) => typeof bearer.params[key] !== "string");
  if (missing.length > 0)
    push(
      "auth.server.insufficient-scope-params",
      `HTTP 403 insufficient_scope without ${missing.join(" and ")}: ${header}`,
    );
  return out;
}
