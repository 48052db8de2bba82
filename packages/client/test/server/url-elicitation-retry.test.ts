// A tool that throws UrlElicitationRequiredError (-32042, 2025-11-25) against a real Client: the
// client shows the URL through its URL elicitation handler, waits for the server's
// notifications/elicitation/complete, and calls the tool once more.
import { ErrorCode, McpError } from "@mcpkit/core";
import { type ServerSession, UrlElicitationRequiredError } from "@mcpkit/server";
import { describe, expect, it } from "vitest";
import type { ElicitRequestURLParams } from "../../src/index.js";
import { connect, newServer } from "./setup.js";

/** A tool that needs the user to connect an account first; `connect()` is what the web page does. */
function accountServer() {
  const server = newServer();
  let connected = false;
  let calls = 0;
  let session: ServerSession | undefined;
  server.tool({ name: "sync", inputSchema: { type: "object" } }, (_args, ctx) => {
    calls++;
    session = ctx.session;
    if (!connected)
      throw new UrlElicitationRequiredError([
        { message: "Connect your calendar", url: "https://example.com/connect?e=e-1", elicitationId: "e-1" },
      ]);
    return { content: [{ type: "text", text: "synced" }] };
  });
  const connectAccount = async () => {
    connected = true;
    await session?.elicitationComplete("e-1");
  };
  return { server, connectAccount, calls: () => calls };
}

describe("UrlElicitationRequiredError (-32042)", () => {
  it("the server answers -32042 with the elicitations (no handler on the client: the error as it is)", async () => {
    const { server, calls } = accountServer();
    const client = await connect(server, "2025-11-25");
    const error = await client.callTool({ name: "sync" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({
      code: ErrorCode.UrlElicitationRequired,
      message: "This request needs the user to complete an elicitation",
      data: {
        elicitations: [
          {
            mode: "url",
            message: "Connect your calendar",
            url: "https://example.com/connect?e=e-1",
            elicitationId: "e-1",
          },
        ],
      },
    });
    expect(calls()).toBe(1);
    await server.close();
  });

  it("the client shows the URL, waits for the completion notice, and calls again", async () => {
    const { server, connectAccount, calls } = accountServer();
    const shown: ElicitRequestURLParams[] = [];
    const client = await connect(server, "2025-11-25", {
      elicitation: {
        url: (params) => {
          shown.push(params);
          // The user finishes the flow only after the handler returned (the page opens in a browser).
          void Promise.resolve().then(connectAccount);
          return { action: "accept" };
        },
      },
    });
    expect(await client.callTool({ name: "sync" })).toEqual({ content: [{ type: "text", text: "synced" }] });
    expect(shown).toEqual([
      {
        mode: "url",
        message: "Connect your calendar",
        url: "https://example.com/connect?e=e-1",
        elicitationId: "e-1",
      },
    ]);
    expect(calls()).toBe(2);
    await server.close();
  });

  it("a completion notice that arrives before the handler returns is not missed", async () => {
    const { server, connectAccount, calls } = accountServer();
    const client = await connect(server, "2025-11-25", {
      elicitation: {
        url: async () => {
          // Returns only once the client has seen the notice.
          const seen = new Promise<void>((resolve) => client.on("elicitationComplete", () => resolve()));
          await connectAccount();
          await seen;
          return { action: "accept" };
        },
      },
    });
    expect(await client.callTool({ name: "sync" })).toEqual({ content: [{ type: "text", text: "synced" }] });
    expect(calls()).toBe(2);
    await server.close();
  });

  it("a user who declines gets the server's error, and no second call is made", async () => {
    const { server, calls } = accountServer();
    const client = await connect(server, "2025-11-25", {
      elicitation: { url: () => ({ action: "decline" }) },
    });
    const error = await client.callTool({ name: "sync" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: -32042 });
    expect(calls()).toBe(1);
    await server.close();
  });

  it("any request is retried, not only tool calls (prompts/get)", async () => {
    const server = newServer();
    let signedIn = false;
    let gets = 0;
    let session: ServerSession | undefined;
    server.prompt({ name: "inbox" }, (_args, ctx) => {
      gets++;
      session = ctx.session;
      if (!signedIn)
        throw new UrlElicitationRequiredError([
          { message: "Sign in", url: "https://example.com/in", elicitationId: "p-1" },
        ]);
      return { messages: [{ role: "user", content: { type: "text", text: "3 unread" } }] };
    });
    const client = await connect(server, "2025-11-25", {
      elicitation: {
        url: () => {
          void Promise.resolve().then(async () => {
            signedIn = true;
            await session?.elicitationComplete("p-1");
          });
          return { action: "accept" };
        },
      },
    });
    expect((await client.getPrompt({ name: "inbox" })).messages).toEqual([
      { role: "user", content: { type: "text", text: "3 unread" } },
    ]);
    expect(gets).toBe(2);
    await server.close();
  });
});
