import { describe, expect, it } from "vitest";
import type { Revision, TransportName } from "../src/model/revisions.js";
import type { HttpExchange } from "../src/wire/wire.js";
import { violationsOf } from "./helpers/invariant-check.js";

function check(
  exchanges: HttpExchange[],
  revision: Revision = "2025-11-25",
  transport: TransportName = "http",
): string[] {
  return violationsOf([{ exchanges }], { revision, transport });
}

const post = (body: unknown, status: number, text: string | undefined, contentType = ""): HttpExchange => ({
  method: "POST",
  body: JSON.stringify(body),
  status,
  headers: contentType === "" ? {} : { "content-type": contentType },
  text,
});
const note = { jsonrpc: "2.0", method: "notifications/initialized" };
const answer = { jsonrpc: "2.0", id: 1, result: { action: "decline" } };
const request = { jsonrpc: "2.0", id: 2, method: "ping" };

describe("Streamable HTTP exchange invariants", () => {
  it("accepts 202 with no body for notifications and responses, and any answer to a request", () => {
    expect(
      check([
        post(note, 202, ""),
        post(answer, 202, ""),
        post(request, 200, '{"jsonrpc":"2.0","id":2,"result":{}}', "application/json"),
        post(note, 400, '{"jsonrpc":"2.0","error":{"code":-32600,"message":"bad"}}'),
      ]),
    ).toEqual([]);
  });

  it("a notification-only or response-only POST accepted with 200, or with a body", () => {
    expect(check([post(answer, 200, "")])).toEqual([
      "http.post.accepted-202: a POST of only responses was accepted with HTTP 200, not 202",
    ]);
    expect(check([post([note], 202, "ok")])).toEqual([
      'http.post.accepted-202: a POST of only notifications was answered 202 with a body ("ok")',
    ]);
    expect(check([post(note, 202, undefined, "text/event-stream")])).toEqual([
      "http.post.accepted-202: a POST of only notifications was answered 202 with a body (an SSE stream)",
    ]);
  });

  it("a POST carrying a request answered with another media type (both eras)", () => {
    const json = '{"jsonrpc":"2.0","id":2,"result":{}}';
    expect(
      check([
        post(request, 200, json, "application/json; charset=utf-8"),
        post([request, note], 200, undefined, "text/event-stream"),
      ]),
    ).toEqual([]);
    expect(check([post(request, 200, json, "text/json")])).toEqual([
      'http.post.request-content-type: a POST carrying a request was answered (HTTP 200) with Content-Type "text/json", neither application/json nor text/event-stream',
    ]);
    expect(check([post(request, 200, json)], "2026-07-28")).toEqual([
      "http2026.post.request-content-type: a POST carrying a request was answered (HTTP 200) with Content-Type null, neither application/json nor text/event-stream",
    ]);
    expect(check([post(request, 400, "bad", "text/plain")])).toEqual([]);
  });

  it("applies to Streamable HTTP only, under the 2026-07-28 rule at 2026-07-28", () => {
    expect(check([post(note, 200, "")], "2026-07-28")).toEqual([
      "http2026.post.notification-202: a POST of only notifications was accepted with HTTP 200, not 202",
    ]);
    expect(check([post(note, 200, "")], "2024-11-05")).toEqual([]);
    expect(check([post(note, 200, "")], "2025-11-25", "sse")).toEqual([]);
  });
});
