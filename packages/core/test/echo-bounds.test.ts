import { describe, expect, it } from "vitest";
import { ECHO_LIMIT, HeaderMismatches, truncateEcho } from "../src/index.js";
import { SessionServerEra, StatelessServerEra } from "../src/index.js";
import { envelope, initializedServer, reportingServer, serverInfo } from "./helpers/fixtures.js";
import { withRawPeer } from "./helpers/raw-peer.js";

const huge = "m".repeat(3_000_000);
const bounded = `${"m".repeat(256)}…(+${3_000_000 - 256} chars)`;

describe("truncateEcho", () => {
  it("keeps short text and bounds long text with a marker", () => {
    expect(ECHO_LIMIT).toBe(256);
    expect(truncateEcho("tools/list")).toBe("tools/list");
    expect(truncateEcho("a".repeat(256))).toBe("a".repeat(256));
    expect(truncateEcho("a".repeat(257))).toBe(`${"a".repeat(256)}…(+1 chars)`);
    expect(truncateEcho(huge)).toBe(bounded);
    expect(truncateEcho("abcdef", 3)).toBe("abc…(+3 chars)");
  });

  it("never splits a surrogate pair", () => {
    const text = `${"a".repeat(255)}😀tail`;
    expect(truncateEcho(text)).toBe(`${"a".repeat(255)}…(+6 chars)`);
  });
});

describe("errors that repeat peer input stay small", () => {
  it("bounds the method of -32601 Method not found", async () => {
    const { peer } = await initializedServer("2025-11-25");
    await peer.drain();
    peer.send({ jsonrpc: "2.0", id: 1, method: huge });
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: 1,
        error: { code: -32601, message: "Method not found", data: { method: bounded } },
      },
    ]);
  });

  it("bounds the method of an unknown notification reported locally", async () => {
    const { peer, reported } = await reportingServer();
    await peer.drain();
    peer.send({ jsonrpc: "2.0", method: huge });
    await peer.drain();
    expect(reported.map((e) => (e as { data?: unknown }).data)).toEqual([{ method: bounded }]);
  });

  it("bounds the method named by a request before initialization", async () => {
    const { peer } = await withRawPeer({ era: new SessionServerEra({ serverInfo }) });
    peer.send({ jsonrpc: "2.0", id: 1, method: huge });
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: 1,
        error: {
          code: -32600,
          message: `Invalid Request: ${bounded} before initialization; the session must begin with initialize`,
        },
      },
    ]);
  });

  it("bounds the pointer of -32602 Invalid params (a member the peer named)", async () => {
    const { peer, connection } = await initializedServer("2025-11-25", { prompts: {} });
    connection.setRequestHandler("prompts/get", () => ({ messages: [] }));
    await peer.drain();
    peer.send({
      jsonrpc: "2.0",
      id: 2,
      method: "prompts/get",
      params: { name: "p", arguments: { [huge]: 5 } },
    });
    const pointer = `/params/arguments/${"m".repeat(256 - "/params/arguments/".length)}…(+${3_000_000 - (256 - "/params/arguments/".length)} chars)`;
    expect(await peer.drain()).toEqual([
      {
        jsonrpc: "2.0",
        id: 2,
        error: {
          code: -32602,
          message: `Invalid params: ${pointer} must be string`,
          data: { pointer, keyword: "type" },
        },
      },
    ]);
  });

  it("bounds the version echoed by -32022 Unsupported protocol version", async () => {
    const { peer } = await withRawPeer({ era: new StatelessServerEra({ serverInfo }) });
    peer.send({
      jsonrpc: "2.0",
      id: 1,
      method: "server/discover",
      params: { _meta: envelope({}, huge) },
    });
    const [answer] = (await peer.drain()) as { error: { code: number; data: { requested: string } } }[];
    expect(answer?.error.code).toBe(-32022);
    expect(answer?.error.data.requested).toBe(bounded);
  });

  it("bounds the id echoed in the message of a duplicate-id refusal", async () => {
    const { peer, connection } = await initializedServer("2025-11-25");
    connection.setRequestHandler("tools/call", () => new Promise(() => {}));
    await peer.drain();
    const id = "i".repeat(1000);
    const call = { jsonrpc: "2.0", id, method: "tools/call", params: { name: "t" } };
    peer.send(call);
    peer.send(call);
    const [answer] = (await peer.drain()) as { id: string; error: { message: string } }[];
    expect(answer?.id).toBe(id); // JSON-RPC: the response carries the request's id as it was
    expect(answer?.error.message).toBe(
      `Invalid Request: request id ${truncateEcho(JSON.stringify(id))} is already in use`,
    );
  });

  it("bounds the values in -32020 Header mismatch", () => {
    const mismatch = HeaderMismatches.differs("Mcp-Name", huge, huge);
    expect(mismatch.message).toBe(
      `Header mismatch: Mcp-Name header value '${bounded}' does not match body value '${bounded}'`,
    );
    expect(mismatch.data).toEqual({ header: "Mcp-Name", expected: bounded, received: bounded });
    expect(HeaderMismatches.missing("Mcp-Param-X", huge).data).toEqual({
      header: "Mcp-Param-X",
      expected: bounded,
    });
    expect(HeaderMismatches.badEncoding("Mcp-Name", huge).message).toBe(
      `Header mismatch: Mcp-Name header value '${bounded}' is not valid =?base64?…?= encoding`,
    );
    expect(HeaderMismatches.unexpected("Mcp-Param-X", huge).data).toEqual({
      header: "Mcp-Param-X",
      received: bounded,
    });
  });
});
