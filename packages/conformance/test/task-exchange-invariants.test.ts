import { describe, expect, it } from "vitest";
import type { Revision } from "../src/model/revisions.js";
import type { HttpExchange } from "../src/wire/wire.js";
import { violationsOf } from "./helpers/invariant-check.js";

function check(exchanges: HttpExchange[], revision: Revision): string[] {
  return violationsOf([{ exchanges }], { revision, transport: "http" });
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
