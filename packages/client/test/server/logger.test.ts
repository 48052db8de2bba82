// The client's logger (issue 24): what has no caller to tell reaches it, as onError gets it.
import { describe, expect, it } from "vitest";
import { RecordingLogger } from "../helpers/recording-logger.js";
import { connect, newServer, nextEvent } from "./setup.js";

describe("the client's logger", () => {
  it("hears a listener that threw, at error, with the error as err; onError still gets it", async () => {
    const server = newServer();
    server.tool({ name: "t", inputSchema: { type: "object" } }, () => ({ content: [] }));
    const logger = new RecordingLogger();
    const errors: Error[] = [];
    const client = await connect(server, "2025-11-25", { logger, onError: (e) => errors.push(e) });
    const failure = new Error("listener broke");
    client.on("toolsChanged", () => {
      throw failure;
    });
    const changed = nextEvent((l) => client.on("toolsChanged", l));
    server.tool({ name: "u", inputSchema: { type: "object" } }, () => ({ content: [] }));
    await changed;
    expect(errors).toEqual([failure]);
    expect(logger.entries).toEqual([
      { severity: "error", fields: { err: failure }, message: "listener broke" },
    ]);
  });

  it("a logger that throws is ignored", async () => {
    const server = newServer();
    server.tool({ name: "t", inputSchema: { type: "object" } }, () => ({ content: [] }));
    const throwing = new RecordingLogger();
    throwing.error = () => {
      throw new Error("disk full");
    };
    const client = await connect(server, "2025-11-25", { logger: throwing });
    client.on("toolsChanged", () => {
      throw new Error("listener broke");
    });
    const changed = nextEvent((l) => client.on("toolsChanged", l));
    server.tool({ name: "u", inputSchema: { type: "object" } }, () => ({ content: [] }));
    await changed;
    expect((await client.listTools()).map((t) => t.name)).toEqual(["t", "u"]);
  });
});
