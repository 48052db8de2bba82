/** A raw 2026-07-28 POST, as the official harness sends it (no SDK involved). */
export interface WireAnswer {
  readonly status: number;
  /** Every JSON-RPC message of the body (one for JSON, several for SSE). */
  readonly messages: Record<string, unknown>[];
  /** The response (the message with an id), if any. */
  readonly response:
    | { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } }
    | undefined;
}

let nextId = 1;

export async function post2026(
  url: string,
  method: string,
  params: Record<string, unknown>,
  options: { capabilities?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<WireAnswer> {
  const name =
    typeof params.name === "string" ? params.name : typeof params.uri === "string" ? params.uri : undefined;
  const body = {
    jsonrpc: "2.0",
    id: nextId++,
    method,
    params: {
      ...params,
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "wire-test", version: "1.0.0" },
        "io.modelcontextprotocol/clientCapabilities": options.capabilities ?? {
          sampling: {},
          elicitation: {},
          roots: { listChanged: true },
        },
      },
    },
  };
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": method,
      ...(name === undefined ? {} : { "mcp-name": name }),
      ...options.headers,
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  const messages: Record<string, unknown>[] = [];
  if ((response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    for (const line of text.split("\n")) {
      if (line.startsWith("data:") && line.slice(5).trim() !== "") messages.push(JSON.parse(line.slice(5)));
    }
  } else if (text.trim() !== "") {
    messages.push(JSON.parse(text));
  }
  const answer = messages.find((m) => m.id === body.id) as WireAnswer["response"];
  return { status: response.status, messages, response: answer };
}
