import { describe, expect, it } from "vitest";
import { connect, newServer } from "./helpers.js";

const noop = () => ({ content: [] });
const schema = { type: "object" } as const;

describe("tool names (2025-11-25 'Tool names': 1 to 128 of A-Z a-z 0-9 _ - .)", () => {
  it("accepts the specification's examples and the edges of the rules", () => {
    const server = newServer();
    for (const name of ["getUser", "DATA_EXPORT_v2", "admin.tools.list", "a", "x".repeat(128), "a-b_c.d9"]) {
      expect(() => server.tool({ name, inputSchema: schema }, noop)).not.toThrow();
    }
  });

  it("refuses an empty name", () => {
    const server = newServer();
    expect(() => server.tool({ name: "", inputSchema: schema }, noop)).toThrow(
      new TypeError('Tool name "" is not allowed: a tool name must be 1 to 128 characters long (it has 0)'),
    );
  });

  it("refuses a name over 128 characters", () => {
    const server = newServer();
    expect(() => server.tool({ name: "x".repeat(129), inputSchema: schema }, noop)).toThrow(
      new TypeError(
        `Tool name "${"x".repeat(40)}…" is not allowed: a tool name must be 1 to 128 characters long (it has 129)`,
      ),
    );
  });

  it.each([
    ["get user", " ", 3],
    ["a,b", ",", 1],
    ["tools/call", "/", 5],
    ["café", "é", 3],
    ["x:y", ":", 1],
  ])("refuses %j, naming the character", (name, character, index) => {
    const server = newServer();
    expect(() => server.tool({ name, inputSchema: schema }, noop)).toThrow(
      new TypeError(
        `Tool name ${JSON.stringify(name)} is not allowed: a tool name may hold only A-Z, a-z, 0-9, "_", "-" and "." (it has ${JSON.stringify(character)} at index ${index})`,
      ),
    );
  });

  it("refuses a rename to a bad name, keeping the tool as it was", async () => {
    const server = newServer();
    const handle = server.tool({ name: "good", inputSchema: schema }, noop);
    expect(() => handle.update({ name: "" })).toThrow('Tool name "" is not allowed');
    expect(handle.definition.name).toBe("good");
    const client = await connect(server, "2025-11-25");
    expect((await client.result("tools/list")).tools).toEqual([{ name: "good", inputSchema: schema }]);
    // An empty name was never registered, so it is not callable.
    expect(await client.error("tools/call", { name: "", arguments: {} })).toEqual({
      code: -32602,
      message: "Unknown tool: ",
      data: { name: "" },
    });
    await server.close();
  });
});
