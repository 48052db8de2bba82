// A tiny OAuth MCP client for the runner's authorization tests, written straight on fetch so that the
// tests do not depend on the SDK. It follows the conventions of docs/conformance-format.md §8.6: it
// learns only the MCP URL (last argument), fetches the authorization URL with redirects off and takes
// the code from Location. FAKE_AUTH_BUGS (comma-separated) makes it misbehave on purpose:
// no-pkce, no-resource, ignore-header, accept-any-iss, no-bearer-on-list.
import { createHash, randomBytes } from "node:crypto";

const mcpUrl = new URL(process.argv[process.argv.length - 1]);
const revision = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION;
const stateless = revision >= "2026-07-28";
const bugs = new Set((process.env.FAKE_AUTH_BUGS ?? "").split(",").filter(Boolean));
const REDIRECT = "http://localhost:3000/callback";

function fail(why) {
  process.stderr.write(`fake auth client: ${why}\n`);
  process.exit(3);
}

function b64url(buffer) {
  return buffer.toString("base64url");
}

/** Parses `Bearer a="b", c=d` into {a: "b", c: "d"} (enough for the scripted server's challenges). */
function challengeParams(header) {
  const params = {};
  for (const m of (header ?? "").matchAll(/([A-Za-z_]+)=(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g)) {
    params[m[1].toLowerCase()] = m[2] ?? m[3];
  }
  return params;
}

async function getJson(url) {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (response.status !== 200) return undefined;
  return response.json();
}

async function discoverResource(challenge) {
  const header = challenge.resource_metadata;
  if (header && !bugs.has("ignore-header")) return getJson(header);
  const path = mcpUrl.pathname.replace(/\/$/, "");
  return (
    (await getJson(new URL(`/.well-known/oauth-protected-resource${path}`, mcpUrl))) ??
    (await getJson(new URL("/.well-known/oauth-protected-resource", mcpUrl)))
  );
}

async function discoverServer(issuer) {
  const url = new URL(issuer);
  const path = url.pathname.replace(/\/$/, "");
  const candidates = path
    ? [
        `/.well-known/oauth-authorization-server${path}`,
        `/.well-known/openid-configuration${path}`,
        `${path}/.well-known/openid-configuration`,
      ]
    : ["/.well-known/oauth-authorization-server", "/.well-known/openid-configuration"];
  for (const candidate of candidates) {
    const metadata = await getJson(new URL(candidate, url.origin));
    if (metadata === undefined) continue;
    if (metadata.issuer !== issuer) fail(`metadata issuer ${metadata.issuer} is not ${issuer}`);
    return metadata;
  }
  fail(`no metadata for ${issuer}`);
}

let client;
let grantedScope;

async function authorize(challenge) {
  const prm = await discoverResource(challenge);
  if (!prm) fail("no protected-resource metadata");
  const resource = prm.resource;
  if (resource !== mcpUrl.href && resource !== mcpUrl.origin) fail(`metadata is for ${resource}`);
  const issuer = prm.authorization_servers[0];
  const metadata = await discoverServer(issuer);
  if (!metadata.code_challenge_methods_supported?.includes("S256")) fail("no S256 support");
  if (!client) {
    const registration = await fetch(metadata.registration_endpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        redirect_uris: [REDIRECT],
        client_name: "fake auth client",
        application_type: "native",
        token_endpoint_auth_method: "none",
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      }),
    });
    client = await registration.json();
  }
  const wanted = new Set((grantedScope ?? "").split(" ").filter(Boolean));
  const fromChallenge = challenge.scope ?? prm.scopes_supported?.join(" ");
  for (const scope of (fromChallenge ?? "").split(" ").filter(Boolean)) wanted.add(scope);
  const scope = [...wanted].join(" ");
  const verifier = b64url(randomBytes(32));
  const state = b64url(randomBytes(16));
  const target = new URL(metadata.authorization_endpoint);
  target.searchParams.set("response_type", "code");
  target.searchParams.set("client_id", client.client_id);
  target.searchParams.set("redirect_uri", REDIRECT);
  target.searchParams.set("state", state);
  if (scope) target.searchParams.set("scope", scope);
  if (!bugs.has("no-pkce")) {
    target.searchParams.set("code_challenge", b64url(createHash("sha256").update(verifier).digest()));
    target.searchParams.set("code_challenge_method", "S256");
  }
  if (!bugs.has("no-resource")) target.searchParams.set("resource", resource);
  const redirect = await fetch(target, { redirect: "manual" });
  const back = new URL(redirect.headers.get("location"));
  if (back.searchParams.get("state") !== state) fail("state mismatch");
  const iss = back.searchParams.get("iss");
  if (!bugs.has("accept-any-iss")) {
    if (iss !== null && iss !== metadata.issuer) fail(`iss ${iss} is not ${metadata.issuer}`);
    if (iss === null && metadata.authorization_response_iss_parameter_supported) fail("iss missing");
  }
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code: back.searchParams.get("code"),
    redirect_uri: REDIRECT,
    client_id: client.client_id,
  });
  if (!bugs.has("no-pkce")) form.set("code_verifier", verifier);
  if (!bugs.has("no-resource")) form.set("resource", resource);
  const token = await fetch(metadata.token_endpoint, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });
  const body = await token.json();
  grantedScope = scope;
  return body.access_token;
}

let accessToken;
let session;
let nextId = 1;

/** One JSON-RPC message over HTTP; authorizes on 401 and steps up (at most twice) on 403. */
async function post(message, attempt = 0) {
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  const bearer = !(bugs.has("no-bearer-on-list") && message.method === "tools/list");
  if (accessToken && bearer) headers.authorization = `Bearer ${accessToken}`;
  if (session) headers["mcp-session-id"] = session;
  if (message.method !== "initialize" || stateless) headers["mcp-protocol-version"] = revision;
  if (stateless) headers["mcp-method"] = message.method;
  // Plain-ASCII tool names only here: no base64 form needed.
  if (stateless && message.method === "tools/call") headers["mcp-name"] = message.params.name;
  const response = await fetch(mcpUrl, { method: "POST", headers, body: JSON.stringify(message) });
  if ((response.status === 401 || response.status === 403) && attempt < 2) {
    await response.arrayBuffer();
    accessToken = await authorize(challengeParams(response.headers.get("www-authenticate")));
    return post(message, attempt + 1);
  }
  if (response.status >= 400) fail(`HTTP ${response.status}`);
  session = response.headers.get("mcp-session-id") ?? session;
  const text = await response.text();
  if (message.id === undefined) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (type.startsWith("text/event-stream")) {
    for (const line of text.split("\n")) if (line.startsWith("data: ")) return JSON.parse(line.slice(6));
  }
  return JSON.parse(text);
}

function request(method, params = {}) {
  const body = { jsonrpc: "2.0", id: nextId++, method, params };
  if (stateless) {
    body.params = {
      ...params,
      _meta: {
        "io.modelcontextprotocol/protocolVersion": revision,
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": { name: "fake-auth-client", version: "1.0.0" },
      },
    };
  }
  return post(body);
}

if (!stateless) {
  await request("initialize", {
    protocolVersion: revision,
    capabilities: {},
    clientInfo: { name: "fake-auth-client", version: "1.0.0" },
  });
  await post({ jsonrpc: "2.0", method: "notifications/initialized" });
}
const list = await request("tools/list");
for (const tool of list.result.tools) await request("tools/call", { name: tool.name, arguments: {} });
process.exit(0);
