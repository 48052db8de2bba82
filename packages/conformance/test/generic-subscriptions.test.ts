// Generic mode (--fixtures none) against a scripted server that offers subscriptions: the session
// era subscribes to and unsubscribes from a listed resource, 2026-07-28 opens a listen stream for it.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fakeServerCommand, runCli } from "./helpers/cli.js";

const generic = fileURLToPath(new URL("../../../conformance/transcripts/server/generic", import.meta.url));
const requirements = fileURLToPath(new URL("../../../conformance/requirements", import.meta.url));

function runGeneric(mode: string) {
  return runCli([
    "server",
    "--stdio",
    fakeServerCommand(mode),
    "--transcripts",
    `${generic}/resources-subscribe-listed.json`,
    "--transcripts",
    `${generic}/subscriptions-listen-listed.json`,
    "--requirements",
    requirements,
    "--fixtures",
    "none",
  ]);
}

const SESSION = ["2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"];

describe("generic subscriptions (--fixtures none)", () => {
  it("subscribes, unsubscribes and listens where the server declares resources.subscribe", async () => {
    const run = await runGeneric("subscriber");
    for (const revision of SESSION)
      expect(run.stdout).toMatch(new RegExp(`pass +server/generic/resources-subscribe-listed +${revision}`));
    expect(run.stdout).toMatch(/pass +server\/generic\/subscriptions-listen-listed +2026-07-28/);
    expect(run.last).toBe("conformance: 5 passed, 0 failed");
  });

  it("is not applicable to a server without resources.subscribe", async () => {
    const run = await runGeneric("good");
    expect(run.stdout).toContain(
      "server/generic/resources-subscribe-listed@2025-11-25: not applicable: the server does not declare the capability resources, resources.subscribe",
    );
    expect(run.stdout).toContain(
      'server/generic/subscriptions-listen-listed@2026-07-28: the server lacks a required capability: $.resources: expected {"subscribe":true}, got nothing',
    );
    expect(run.last).toBe("conformance: 0 passed, 0 failed, 5 skipped");
  });

  it("fails a refused subscribe, citing the rule", async () => {
    const run = await runGeneric("subscriber-refuses");
    expect(run.stdout).toContain(
      'received: {"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"Subscriptions are broken"}}',
    );
    expect(run.stdout).toContain("requirement: resources.subscribe.empty-result (MUST)");
    expect(run.last).toBe("conformance: 1 passed, 4 failed");
  });

  it("listens for tool-list changes where the server declares tools.listChanged", async () => {
    const run = await runCli([
      "server",
      "--stdio",
      fakeServerCommand("list-changed"),
      "--transcripts",
      `${generic}/subscriptions-listen-tools.json`,
      "--requirements",
      requirements,
      "--fixtures",
      "none",
    ]);
    expect(run.stdout).toMatch(/pass +server\/generic\/subscriptions-listen-tools +2026-07-28/);
    expect(run.last).toBe("conformance: 1 passed, 0 failed");
  });

  it("fails an acknowledgement without the listen request's id", async () => {
    const run = await runGeneric("subscriber-untagged");
    expect(run.stdout).toContain(
      '$.params._meta["io.modelcontextprotocol/subscriptionId"]: expected 2, got nothing',
    );
    expect(run.stdout).toContain("requirement: subscriptions.ack-first (MUST)");
    expect(run.last).toBe("conformance: 4 passed, 1 failed");
  });
});
