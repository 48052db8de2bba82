import { describe, expect, it } from "vitest";
import { type ContractOptions, contractCheckIds, runContractCheck } from "../src/index.js";
import { type Fault, referencePair } from "./reference-pair.js";

const MAX = 64 * 1024;
const options: ContractOptions = {
  maxMessageBytes: MAX,
  largeMessageBytes: 32 * 1024,
  rawFrames: true,
  timeoutMs: 1_000,
};
const faulty = (fault: Fault) => async () => referencePair(MAX, fault);

/** Each fault, the check that must catch it, and a pattern of the failure message. */
const cases: readonly [Fault, string, RegExp][] = [
  ["reorders", "ordering/a-to-b", /b received: payload #0 of 500/],
  ["reorders", "ordering/interleaved", /b received: payload #0 of 500/],
  ["reorders", "unreadable/parse", /timed out \(budget 1000 ms\) waiting for b to see onUnreadable/],
  [
    "calls-onClose-twice",
    "close/from-a",
    /a\.onClose when close\(\) resolved: expected \[ undefined, undefined \]/,
  ],
  ["calls-onClose-twice", "close/both-at-once", /a\.onClose calls .*expected \[ undefined, undefined \]/],
  [
    "sends-after-close",
    "close/from-b",
    /b\.send\(\) after close resolved; expected a LocalError connection_closed/,
  ],
  ["sends-after-close", "after-close/from-a", /a\.send\(\) #0 called after close\(\): expected 'resolved'/],
  ["drops-in-flight-on-close", "after-close/from-a", /b received: number of payloads: expected 10 to be 60/],
  [
    "ignores-size-limit",
    "errors/too-large",
    /a\.send\(\) of 65537 bytes resolved; expected a LocalError message_too_large/,
  ],
  ["ignores-size-limit", "unreadable/too-large", /waiting for b to see onUnreadable/],
  ["throws-raw-errors", "errors/unserializable", /a\.send\(\) of a BigInt rejected with TypeError/],
  ["shares-one-bus", "isolation/two-pairs", /b received: payload #1 of 100/],
  ["loses-id-types", "in-flight/1000-requests", /b received the requests: payload #500 of 1000/],
];

describe("the contract suite catches a faulty transport", () => {
  for (const [fault, id, message] of cases) {
    it(`${fault} fails ${id}`, async () => {
      await expect(runContractCheck(id, faulty(fault), options)).rejects.toThrow(message);
    });
  }

  it("every check passes on the correct reference pair under the same options", async () => {
    for (const id of contractCheckIds) await runContractCheck(id, async () => referencePair(MAX), options);
  });
});

describe("runContractCheck", () => {
  it("refuses an unknown id and a check that does not apply", async () => {
    await expect(runContractCheck("nope", faulty("reorders"))).rejects.toThrow(/no contract check nope/);
    await expect(runContractCheck("errors/too-large", faulty("reorders"))).rejects.toThrow(
      /does not apply: no maxMessageBytes given/,
    );
  });

  it("refuses options under which the large message cannot fit", async () => {
    await expect(
      runContractCheck("large/round-trip", faulty("reorders"), { maxMessageBytes: 4096 }),
    ).rejects.toThrow(
      /large-message check's frame \(\d+ bytes for largeMessageBytes 8388608\) must fit in maxMessageBytes \(4096\)/,
    );
  });
});
