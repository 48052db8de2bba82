import { describe, expect, it } from "vitest";
import type { Logger } from "../src/index.js";
import { connect, newServer, plain } from "./helpers.js";

type Entry = { severity: keyof Logger; fields: Record<string, unknown>; message: string };

function recording(): { logger: Logger; entries: Entry[] } {
  const entries: Entry[] = [];
  const at =
    (severity: keyof Logger) =>
    (fields: Record<string, unknown>, message: string): void => {
      entries.push({ severity, fields, message });
    };
  return { logger: { error: at("error"), warn: at("warn"), info: at("info"), debug: at("debug") }, entries };
}

describe("the server's logger", () => {
  it("console fits the signature (pino's: fields, then message)", () => {
    const fromConsole: Logger = console;
    expect(typeof fromConsole.error).toBe("function");
  });

  it("warns of a tool handler that threw, with the tool and the error", async () => {
    const { logger, entries } = recording();
    const server = newServer({ logger });
    server.tool({ name: "boom", inputSchema: { type: "object" } }, () => {
      throw new Error("kaput");
    });
    const client = await connect(server, "2025-11-25");
    expect(plain(await client.result("tools/call", { name: "boom" }))).toEqual({
      content: [{ type: "text", text: "kaput" }],
      isError: true,
    });
    expect(entries).toEqual([
      {
        severity: "warn",
        fields: { tool: "boom", err: new Error("kaput") },
        message: "tool boom threw: kaput",
      },
    ]);
    await server.close();
  });

  it("logs at error what onError gets (both are told)", async () => {
    const { logger, entries } = recording();
    const errors: Error[] = [];
    const server = newServer({ logger, onError: (e) => errors.push(e) });
    server.tool(
      { name: "bad", inputSchema: { type: "object" }, outputSchema: { type: "object", required: ["n"] } },
      () => ({ structuredContent: {} as never }),
    );
    const client = await connect(server, "2025-06-18");
    await client.result("tools/call", { name: "bad" });
    const text = "Tool bad returned structured content that does not match its output schema: /n is required";
    expect(errors.map((e) => e.message)).toEqual([text]);
    expect(entries).toEqual([{ severity: "error", fields: { err: errors[0] }, message: text }]);
    await server.close();
  });

  it("notes at debug each log message the rate limit dropped", async () => {
    const { logger, entries } = recording();
    const server = newServer({ logger, logging: { rateLimit: { max: 1, intervalMs: 60_000 } } });
    server.tool({ name: "chatty", inputSchema: { type: "object" } }, async (_args, ctx) => {
      await ctx.log("info", "first");
      await ctx.log("info", "second");
      await ctx.log("info", "third");
      return { content: [] };
    });
    const client = await connect(server, "2025-11-25");
    await client.request("tools/call", { name: "chatty" }); // the one message that got through
    await client.peer.next(); // the result
    const note = {
      severity: "debug",
      fields: { session: client.session.id },
      message: "a log message to the client was dropped by the rate limit",
    };
    expect(entries).toEqual([note, note]);
    await server.close();
  });

  it("a logger that throws changes nothing for the client", async () => {
    const throwing = () => {
      throw new Error("logger down");
    };
    const server = newServer({
      logger: { error: throwing, warn: throwing, info: throwing, debug: throwing },
    });
    server.tool({ name: "boom", inputSchema: { type: "object" } }, () => {
      throw new Error("kaput");
    });
    const client = await connect(server, "2026-07-28");
    expect(plain(await client.result("tools/call", { name: "boom" }))).toMatchObject({
      content: [{ type: "text", text: "kaput" }],
      isError: true,
    });
    await server.close();
  });
});
