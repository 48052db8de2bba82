// A transport that knows which requests an unreadable frame answered (an HTTP client knows the
// POST an answer came on) names them in `answerTo`: they fail at once, nothing goes to the peer.
import { describe, expect, it } from "vitest";
import { LocalError, StatelessClientEra } from "../src/index.js";
import { clientInfo } from "./helpers/fixtures.js";
import { withRawPeer } from "./helpers/raw-peer.js";

describe("UnreadableFrame.answerTo", () => {
  it("fails the named requests with message_too_large quoting the detail; others wait on; nothing is sent", async () => {
    const { connection, peer } = await withRawPeer({ era: new StatelessClientEra({ clientInfo }) });
    const big = connection.request("tools/list", {}, { timeoutMs: 60_000 }).catch((e: unknown) => e);
    const other = connection.request("tools/list", {}, { timeoutMs: 60_000 });
    const [first, second] = [await peer.next(), await peer.next()] as { id: number }[];
    peer.unreadable({
      problem: "too_large",
      detail: "the answer is over 10 bytes",
      answerTo: [first?.id as number],
    });
    const error = (await big) as LocalError;
    expect(error).toBeInstanceOf(LocalError);
    expect([error.code, error.message]).toEqual([
      "message_too_large",
      `The answer to tools/list (id ${first?.id}) could not be read: the answer is over 10 bytes`,
    ]);
    expect(connection.diagnostics().pendingRequests).toBe(1);
    peer.send({ jsonrpc: "2.0", id: second?.id, result: { tools: [] } });
    expect(await other).toMatchObject({ tools: [] });
    expect(await peer.drain()).toEqual([]);
  });

  it("a parse failure answering a request fails it with invalid_message", async () => {
    const { connection, peer } = await withRawPeer({ era: new StatelessClientEra({ clientInfo }) });
    const pending = connection.request("tools/list", {}, { timeoutMs: 60_000 }).catch((e: unknown) => e);
    const sent = (await peer.next()) as { id: number };
    peer.unreadable({ problem: "parse", detail: "Unexpected token", answerTo: [sent.id] });
    expect(await pending).toMatchObject({ name: "LocalError", code: "invalid_message" });
  });
});
