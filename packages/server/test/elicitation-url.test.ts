import { LocalError } from "@mcpkit/core";
import { describe, expect, it } from "vitest";
import type { ElicitParams } from "../src/index.js";
import { connect, newServer, sessionRevisions } from "./helpers.js";

const signIn: ElicitParams = {
  mode: "url",
  message: "Sign in to Acme",
  url: "https://acme.example/auth?e=e-1",
  elicitationId: "e-1",
};

/** A tool that sends the user to a URL, then reports the flow complete. */
function signer() {
  const server = newServer();
  server.tool({ name: "connect", inputSchema: { type: "object" } }, async (_args, ctx) => {
    const answer = await ctx.elicit(signIn);
    if (answer.action === "accept") await ctx.session.elicitationComplete("e-1");
    return { content: [{ type: "text", text: answer.action }] };
  });
  return server;
}

describe("URL-mode elicitation (2025-11-25)", () => {
  it("is a request on the wire, and elicitationComplete sends the notification", async () => {
    const server = signer();
    const client = await connect(server, "2025-11-25", { elicitation: { url: {} } });
    client.peer.deliver({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "connect" } });
    expect(await client.peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      method: "elicitation/create",
      params: {
        _meta: { progressToken: 1 },
        mode: "url",
        message: "Sign in to Acme",
        url: "https://acme.example/auth?e=e-1",
        elicitationId: "e-1",
      },
    });
    client.peer.deliver({ jsonrpc: "2.0", id: 1, result: { action: "accept" } });
    expect(await client.peer.next()).toEqual({
      jsonrpc: "2.0",
      method: "notifications/elicitation/complete",
      params: { elicitationId: "e-1" },
    });
    expect(await client.peer.next()).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: { content: [{ type: "text", text: "accept" }] },
    });
    await server.close();
  });

  it("needs the client's elicitation.url: a clear error, nothing on the wire", async () => {
    const server = signer();
    const client = await connect(server, "2025-11-25", { elicitation: { form: {} } });
    expect(await client.result("tools/call", { name: "connect" })).toEqual({
      content: [
        {
          type: "text",
          text: 'the client did not declare the "elicitation.url" capability, so elicitation/create cannot be sent to it',
        },
      ],
      isError: true,
    });
    expect(await client.peer.drain()).toEqual([]);
    await server.close();
  });

  it("does not exist in 2025-06-18", async () => {
    const server = signer();
    const client = await connect(server, "2025-06-18", { elicitation: {} });
    expect(await client.result("tools/call", { name: "connect" })).toEqual({
      content: [
        {
          type: "text",
          text: "URL elicitation needs revision 2025-11-25 or later (this client speaks 2025-06-18)",
        },
      ],
      isError: true,
    });
    expect(await client.peer.drain()).toEqual([]);
    await server.close();
  });
});

describe("session.elicitationComplete", () => {
  it.each([...sessionRevisions.filter((r) => r !== "2025-11-25"), "2026-07-28"] as const)(
    "is not available in %s: a LocalError, nothing on the wire",
    async (revision) => {
      const server = newServer();
      const client = await connect(server, revision);
      if (revision === "2026-07-28") await client.result("server/discover");
      const attempt = client.session.elicitationComplete("e-1");
      await expect(attempt).rejects.toThrow(LocalError);
      await expect(attempt).rejects.toThrow(
        `notifications/elicitation/complete needs a 2025-11-25 session (this client speaks ${revision})`,
      );
      expect(await client.peer.drain()).toEqual([]);
      await server.close();
    },
  );

  it("is not available before initialize", async () => {
    const server = newServer();
    const client = await connect(server, "2026-07-28");
    await expect(client.session.elicitationComplete("e-1")).rejects.toThrow(
      "notifications/elicitation/complete needs a 2025-11-25 session (this client speaks nothing yet)",
    );
    await server.close();
  });
});
