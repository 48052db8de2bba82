import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Invariants } from "../src/invariants/observer.js";
import { loadRequirements } from "../src/load/requirements.js";
import type { Revision } from "../src/model/revisions.js";
import type { HttpExchange } from "../src/wire/wire.js";

const requirements = loadRequirements(
  fileURLToPath(new URL("../../../conformance/requirements", import.meta.url)),
);

function check(exchanges: HttpExchange[], revision: Revision): string[] {
  const invariants = new Invariants(requirements);
  const run = invariants.forRun({ transcript: "t", revision, transport: "http" });
  for (const exchange of exchanges) run.exchanged(exchange);
  return invariants.violations().map((v) => `${v.requirement}: ${v.detail}`);
}

describe("tasks/get over Streamable HTTP (2025-11-25)", () => {
  const get = (contentType: string): HttpExchange => ({
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tasks/get", params: { taskId: "t" } }),
    status: 200,
    headers: { "content-type": contentType },
    text: contentType === "text/event-stream" ? undefined : "{}",
  });

  it("is answered with JSON, not an SSE stream", () => {
    expect(check([get("application/json")], "2025-11-25")).toEqual([]);
    expect(check([get("text/event-stream")], "2025-11-25")).toEqual([
      "tasks.http.get-no-sse: a tasks/get POST was answered with an SSE stream, not a JSON body",
    ]);
    expect(check([get("text/event-stream")], "2025-06-18")).toEqual([]);
  });
});
