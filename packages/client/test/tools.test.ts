import { LocalError } from "@mcpkit/core";
import { afterEach, describe, expect, it } from "vitest";
import { type Client, ClientError } from "../src/index.js";
import { connected, sleep } from "./helpers/servers.js";

let current: Client | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});
async function setup(...args: Parameters<typeof connected>) {
  const result = await connected(...args);
  current = result.client;
  return result;
}

for (const revision of ["2025-06-18", "2025-11-25", "2026-07-28"] as const) {
  describe(`structured content at ${revision}`, () => {
    it("accepts content matching the output schema, listing the tools on demand", async () => {
      const { client, log } = await setup(revision);
      const result = await client.callTool({ name: "weather" });
      expect(result.structuredContent).toEqual({ temperature: 21.5 });
      // The stateless era lists first: the definition also says which arguments go into headers.
      const expected =
        revision === "2026-07-28"
          ? ["tools/list", "tools/list", "tools/call"]
          : ["tools/call", "tools/list", "tools/list"];
      expect(log.calls.map((c) => c.method)).toEqual(expected);
    });

    it("rejects content that does not match, with the pointer", async () => {
      const { client } = await setup(revision);
      await client.listTools();
      const error = await client
        .callTool({ name: "weather", arguments: { bad: true } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ClientError);
      expect((error as ClientError).code).toBe("invalid_structured_content");
      expect((error as ClientError).data).toMatchObject({ tool: "weather", pointer: "/temperature" });
    });

    it("rejects a missing structuredContent; can be turned off per call or per client", async () => {
      const { client } = await setup(revision);
      await expect(client.callTool({ name: "weather", arguments: { omit: true } })).rejects.toMatchObject({
        code: "invalid_structured_content",
      });
      await expect(
        client.callTool({ name: "weather", arguments: { bad: true } }, { validateOutput: false }),
      ).resolves.toBeDefined();
      const lax = await connected(revision, { outputValidator: false });
      await expect(lax.client.callTool({ name: "weather", arguments: { bad: true } })).resolves.toBeDefined();
      await lax.client.close();
    });
  });
}

for (const revision of ["2024-11-05", "2025-11-25", "2026-07-28"] as const) {
  describe(`progress, timeouts and cancellation at ${revision}`, () => {
    it("reports progress to the callback and as an event", async () => {
      const { client } = await setup(revision);
      const seen: number[] = [];
      const events: number[] = [];
      client.on("progress", (p) => events.push(p.progress));
      await client.callTool(
        { name: "slow", arguments: { steps: 3 } },
        { onProgress: (p) => seen.push(p.progress) },
      );
      expect(seen).toEqual([1, 2, 3]);
      expect(events).toEqual([1, 2, 3]);
    });

    it("progress restarts the timeout", async () => {
      const { client } = await setup(revision);
      const result = await client.callTool(
        { name: "slow", arguments: { steps: 5, stepMs: 40 } },
        { timeoutMs: 100 },
      );
      expect(result.content[0]).toEqual({ type: "text", text: "done" });
    });

    it("but never past the total cap", async () => {
      const { client } = await setup(revision);
      const error = await client
        .callTool(
          { name: "slow", arguments: { steps: 20, stepMs: 30 } },
          { timeoutMs: 100, maxTotalTimeoutMs: 150 },
        )
        .catch((e: unknown) => e);
      expect((error as LocalError).code).toBe("timeout");
    });

    it("an AbortSignal cancels on the wire and late answers are ignored", async () => {
      const { client, log } = await setup(revision);
      const controller = new AbortController();
      const call = client.callTool(
        { name: "slow", arguments: { steps: 1, hang: true } },
        { signal: controller.signal },
      );
      await sleep(30);
      controller.abort("user gave up");
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LocalError);
      expect((error as LocalError).code).toBe("cancelled");
      await sleep(20);
      expect(log.cancelled).toHaveLength(1);
      await expect(client.callTool({ name: "echo" })).resolves.toBeDefined();
      expect(client.connection.diagnostics().pendingRequests).toBe(0);
    });
  });
}

describe("tool errors", () => {
  it("isError results are returned, not checked", async () => {
    const { client } = await setup("2025-11-25");
    const result = await client.callTool({ name: "nope" });
    expect(result.isError).toBe(true);
  });

  it("wire errors keep their code and data", async () => {
    const { client, server } = await setup("2025-11-25");
    server.setRequestHandler("tools/call", () => {
      throw new (class extends Error {})("boom");
    });
    const error = await client.callTool({ name: "echo" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "McpError", code: -32603 });
  });
});
