import { describe, expect, it } from "vitest";
import {
  AdaptiveServerEra,
  Connection,
  type ResumedSession,
  SessionServerEra,
  StatelessServerEra,
} from "../src/index.js";
import { serverInfo } from "./helpers/fixtures.js";
import { RawPeer, ScriptedTransport } from "./helpers/raw-peer.js";

const resumed: ResumedSession = {
  revision: "2025-06-18",
  clientCapabilities: { elicitation: {} },
  clientInfo: { name: "elsewhere", version: "1.0.0" },
  initialized: true,
};

/** A connection over a transport that continues `session`. */
async function continuing(era: ConstructorParameters<typeof Connection>[0]["era"], session: ResumedSession) {
  const transport = Object.assign(new ScriptedTransport(), { resumedSession: session });
  const peer = new RawPeer(transport);
  const connection = new Connection({ era, validateOutbound: true });
  connection.setRequestHandler("tools/list", () => ({ tools: [] }));
  await connection.connect(transport);
  return { connection, peer };
}

describe("a transport that resumes a session", () => {
  it("serves requests at once, at the session's revision, with the client's capabilities", async () => {
    const era = new AdaptiveServerEra({ serverInfo, capabilities: { tools: {} } });
    const { connection, peer } = await continuing(era, resumed);
    expect(connection.revision).toBe("2025-06-18");
    expect(era.sessionEra?.state).toBe("ready");
    expect(era.sessionEra?.session).toEqual({
      revision: "2025-06-18",
      clientCapabilities: { elicitation: {} },
      clientInfo: { name: "elsewhere", version: "1.0.0" },
    });
    peer.send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
    expect(await peer.next()).toEqual({ jsonrpc: "2.0", id: 1, result: { tools: [] } });
    peer.send({ jsonrpc: "2.0", id: 2, method: "initialize", params: {} });
    expect(await peer.next()).toMatchObject({
      id: 2,
      error: { code: -32600, message: "Invalid Request: the session is already initialized" },
    });
  });

  it("waits for notifications/initialized when the session had not seen it", async () => {
    const era = new SessionServerEra({ serverInfo });
    const { connection } = await continuing(era, { ...resumed, initialized: false });
    expect(era.state).toBe("initializing");
    await expect(connection.request("roots/list")).rejects.toThrow(/notifications\/initialized/);
  });

  it("is refused for a revision the server does not speak, or an era that cannot continue sessions", async () => {
    const narrow = new SessionServerEra({ serverInfo, revisions: ["2025-11-25"] });
    await expect(continuing(narrow, resumed)).rejects.toThrow(
      "this server does not speak revision 2025-06-18",
    );
    const stateless = new StatelessServerEra({ serverInfo });
    await expect(continuing(stateless, resumed)).rejects.toThrow("this era cannot continue a session");
  });
});
