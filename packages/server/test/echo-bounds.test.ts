import { describe, expect, it } from "vitest";
import { connect, newServer } from "./helpers.js";

// A 3 MB name must not come back as 6 MB (message and data): what is repeated is bounded.
const huge = "n".repeat(3_000_000);
const bounded = `${"n".repeat(256)}…(+${3_000_000 - 256} chars)`;

function server() {
  const s = newServer();
  s.tool(
    {
      name: "t",
      inputSchema: {
        type: "object",
        properties: { a: { type: "string" } },
        additionalProperties: { type: "number" },
      },
    },
    () => ({ content: [] }),
  );
  s.prompt({ name: "p", arguments: [{ name: "x" }] }, () => ({ messages: [] }));
  s.resource({ uri: "mem://a", name: "a" }, (uri) => ({ contents: [{ uri, text: "a" }] }));
  return s;
}

describe("errors that repeat a client's input are bounded", () => {
  it("unknown tool: message and data", async () => {
    const s = server();
    const client = await connect(s, "2025-06-18");
    expect(await client.error("tools/call", { name: huge, arguments: {} })).toEqual({
      code: -32602,
      message: `Unknown tool: ${bounded}`,
      data: { name: bounded },
    });
    await s.close();
  });

  it("unknown prompt (prompts/get and completion/complete)", async () => {
    const s = server();
    const client = await connect(s, "2025-06-18");
    expect(await client.error("prompts/get", { name: huge })).toEqual({
      code: -32602,
      message: `Unknown prompt: ${bounded}`,
      data: { name: bounded },
    });
    expect(
      await client.error("completion/complete", {
        ref: { type: "ref/prompt", name: huge },
        argument: { name: "x", value: "" },
      }),
    ).toEqual({ code: -32602, message: `Unknown prompt: ${bounded}` });
    expect(
      await client.error("completion/complete", {
        ref: { type: "ref/resource", uri: huge },
        argument: { name: "x", value: "" },
      }),
    ).toEqual({ code: -32602, message: `Unknown resource template: ${bounded}` });
    await s.close();
  });

  it("unknown resource (read and subscribe), in both eras", async () => {
    const s = server();
    const session = await connect(s, "2025-06-18");
    const notFound = { code: -32002, message: `Resource not found: ${bounded}`, data: { uri: bounded } };
    expect(await session.error("resources/read", { uri: huge })).toEqual(notFound);
    expect(await session.error("resources/subscribe", { uri: huge })).toEqual(notFound);
    const stateless = await connect(s, "2026-07-28");
    expect(await stateless.error("resources/read", { uri: huge })).toEqual({ ...notFound, code: -32602 });
    await s.close();
  });

  it("invalid arguments: the pointer to a member the client named", async () => {
    const s = server();
    const client = await connect(s, "2025-06-18");
    const pointer = `/${"n".repeat(255)}…(+${3_000_000 - 255} chars)`;
    expect(await client.error("tools/call", { name: "t", arguments: { [huge]: "not a number" } })).toEqual({
      code: -32602,
      message: `Invalid arguments for tool t: ${pointer} must be number`,
      data: { pointer: `/params/arguments${pointer}` },
    });
    await s.close();
  });

  it("a custom method nobody handles", async () => {
    const s = server();
    s.setRequestHandler("acme/x", () => ({}));
    s.removeRequestHandler("acme/x");
    const client = await connect(s, "2025-06-18");
    const error = await client.error(huge);
    expect(error).toEqual({ code: -32601, message: "Method not found", data: { method: bounded } });
    await s.close();
  });
});
