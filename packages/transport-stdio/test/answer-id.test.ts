import { describe, expect, it } from "vitest";
import { answeredId } from "../src/answer-id.js";

/** The first and last `edge` characters of `line`, as the decoder keeps them of an oversize line. */
function edges(line: string, edge = 64): [string, string] {
  return [line.slice(0, edge), line.slice(-edge)];
}

const big = "x".repeat(1000);

describe("answeredId: whose answer an oversize line was, from its edges", () => {
  it("reads the id before the result, or after it", () => {
    expect(answeredId(...edges(`{"jsonrpc":"2.0","id":7,"result":{"text":"${big}"}}`))).toBe(7);
    expect(answeredId(...edges(`{"result":{"text":"${big}"},"jsonrpc":"2.0","id":"req-7"}`))).toBe("req-7");
    expect(answeredId(...edges(` { "id" : 8 , "result" : [ "${big}" ] } \r`))).toBe(8);
  });

  it("reads the id of an error answer whose data is the big part", () => {
    const line = `{"jsonrpc":"2.0","id":3,"error":{"code":-32603,"message":"m","data":"${big}"}}`;
    expect(answeredId(...edges(line))).toBe(3);
  });

  it("reads string ids with escapes, and the same id at both ends", () => {
    expect(answeredId(...edges(`{"id":"a\\"b\\\\","result":{"t":"${big}"},"id":"a\\"b\\\\"}`))).toBe('a"b\\');
  });

  it("never takes an id from inside a value", () => {
    // The last member of `result` ends in `"id":9`, but the top-level object has no id.
    expect(answeredId(...edges(`{"jsonrpc":"2.0","result":{"text":"${big}","id":9}}`))).toBeUndefined();
    // A string whose text looks like members.
    expect(
      answeredId(...edges(`{"jsonrpc":"2.0","result":{"text":"${big}"},"note":"x\\",\\"id\\":4"}`)),
    ).toBeUndefined();
  });

  it("refuses requests and notifications, whatever their id", () => {
    expect(
      answeredId(
        ...edges(`{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage","params":{"t":"${big}"}}`),
      ),
    ).toBeUndefined();
    expect(
      answeredId(...edges(`{"jsonrpc":"2.0","params":{"t":"${big}"},"method":"x","id":1}`)),
    ).toBeUndefined();
    expect(
      answeredId(...edges(`{"jsonrpc":"2.0","id":1,"result":{"t":"${big}"},"method":"x"}`)),
    ).toBeUndefined();
  });

  it("gives up when the edges cannot tell", () => {
    // A batch, an id between two big values, two different ids, an id that is no id.
    expect(answeredId(...edges(`[{"jsonrpc":"2.0","id":1,"result":{"t":"${big}"}}]`))).toBeUndefined();
    expect(answeredId(...edges(`{"result":{"t":"${big}"},"id":5,"_meta":{"t":"${big}"}}`))).toBeUndefined();
    expect(answeredId(...edges(`{"id":1,"result":{"t":"${big}"},"id":2}`))).toBeUndefined();
    expect(answeredId(...edges(`{"id":null,"error":{"t":"${big}"}}`))).toBeUndefined();
    expect(answeredId(...edges(`{"id":{"n":1},"result":{"t":"${big}"}}`))).toBeUndefined();
    // The head ends inside the id, or before the big value.
    expect(answeredId(`{"jsonrpc":"2.0","id":12`, "}}")).toBeUndefined();
    expect(answeredId(`{"jsonrpc":"2.0","id":12,"res`, "}}")).toBeUndefined();
    // Not JSON at all.
    expect(answeredId("x".repeat(64), "y".repeat(64))).toBeUndefined();
  });

  it("does not trust a tail that starts inside a run of backslashes", () => {
    // The line ends `…,"a\"id":5}`: its last key is `a"id`, and a tail that starts at the backslash
    // cannot tell that key from `id`.
    const line = `{"result":{"t":"${big}"},"a\\"id":5}`;
    expect(JSON.parse(line)).toMatchObject({ 'a"id': 5 });
    expect(answeredId(line.slice(0, 64), line.slice(-8))).toBeUndefined();
    expect(answeredId(line.slice(0, 64), `,"id":5}`)).toBe(5);
  });
});
