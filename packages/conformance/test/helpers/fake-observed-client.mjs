// A small Streamable HTTP client for the tests of `client --observe`: it opens a session at the URL
// given as its last argument, lists tools and exits 0. FAKE_OBSERVED_MODE injects one defect:
// no-accept (POSTs accept only application/json), no-session (never echoes Mcp-Session-Id),
// no-version (no MCP-Protocol-Version after initialization), skip-initialized (never sends
// notifications/initialized), reuse-id (tools/list reuses initialize's id 1), list-first (a
// tools/list before initialize), no-delete (leaves without DELETE), query-token (an access token in
// the query string), fail (exits 3 after listing).
const url = process.argv.at(-1);
const mode = process.env.FAKE_OBSERVED_MODE ?? "good";
let session;
let version;

async function post(message) {
  const headers = {
    "content-type": "application/json",
    accept: mode === "no-accept" ? "application/json" : "application/json, text/event-stream",
  };
  if (session !== undefined && mode !== "no-session") headers["mcp-session-id"] = session;
  if (version !== undefined && mode !== "no-version") headers["mcp-protocol-version"] = version;
  const target = mode === "query-token" ? `${url}?access_token=t0k3n` : url;
  const res = await fetch(target, { method: "POST", headers, body: JSON.stringify(message) });
  const id = res.headers.get("mcp-session-id");
  if (id !== null && session === undefined) session = id;
  const text = await res.text();
  if ((res.headers.get("content-type") ?? "").includes("text/event-stream")) {
    const data = text
      .split("\n")
      .filter((line) => line.startsWith("data: "))
      .map((line) => JSON.parse(line.slice(6)));
    return data.find((m) => m.id === message.id);
  }
  return text === "" ? undefined : JSON.parse(text);
}

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-11-25",
    capabilities: {},
    clientInfo: { name: "fake-observed", version: "1.0.0" },
  },
};
const list = { jsonrpc: "2.0", id: mode === "reuse-id" ? 1 : 2, method: "tools/list" };
if (mode === "list-first") await post({ jsonrpc: "2.0", id: 0, method: "tools/list" });
const answer = await post(initialize);
version = answer?.result?.protocolVersion;
if (mode !== "skip-initialized") await post({ jsonrpc: "2.0", method: "notifications/initialized" });
const tools = await post(list);
if (!Array.isArray(tools?.result?.tools) && mode !== "no-session") process.exit(4);
if (mode !== "no-delete" && session !== undefined) {
  const headers = { "mcp-session-id": session };
  if (version !== undefined && mode !== "no-version") headers["mcp-protocol-version"] = version;
  await fetch(url, { method: "DELETE", headers });
}
process.exit(mode === "fail" ? 3 : 0);
