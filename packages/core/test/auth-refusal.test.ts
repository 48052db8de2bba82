import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  Connection,
  type JsonRpcPayload,
  type SendOptions,
  SessionServerEra,
  type Transport,
  type TransportHandlers,
  bearerChallenge,
} from "../src/index.js";
import { initializeRequest, serverInfo } from "./helpers/fixtures.js";

/** A transport that records each payload with the options it was sent with. */
class RecordingTransport implements Transport {
  readonly sent: [JsonRpcPayload, SendOptions | undefined][] = [];
  handlers: TransportHandlers | undefined;
  readonly closed = new Promise<void>(() => {});
  async start(handlers: TransportHandlers): Promise<void> {
    this.handlers = handlers;
  }
  async send(payload: JsonRpcPayload, options?: SendOptions): Promise<void> {
    this.sent.push([payload, options]);
  }
  async close(): Promise<void> {}
}

async function served(handler: () => unknown) {
  const era = new SessionServerEra({ serverInfo, capabilities: { tools: {} } });
  const connection = new Connection({ era });
  connection.setRequestHandler("tools/list", handler as never);
  const transport = new RecordingTransport();
  await connection.connect(transport);
  transport.handlers?.onMessage(initializeRequest("2025-11-25", 0));
  transport.handlers?.onMessage({ jsonrpc: "2.0", method: "notifications/initialized" });
  transport.sent.length = 0;
  return transport;
}

const challenge = 'Bearer error="insufficient_scope", scope="files:write"';

describe("a handler throwing AuthenticationError", () => {
  it("answers 403 as -32003 with the description, and the send carries the HTTP refusal", async () => {
    const transport = await served(() => {
      throw new AuthenticationError(403, "insufficient_scope", "listing needs files:write", {
        "www-authenticate": challenge,
      });
    });
    transport.handlers?.onMessage({ jsonrpc: "2.0", id: 7, method: "tools/list" });
    await Promise.resolve();
    expect(transport.sent).toEqual([
      [
        {
          jsonrpc: "2.0",
          id: 7,
          error: {
            code: -32003,
            message: "listing needs files:write",
            data: { status: 403, error: "insufficient_scope", wwwAuthenticate: challenge },
          },
        },
        { relatedRequestId: 7, httpRefusal: { status: 403, headers: { "www-authenticate": challenge } } },
      ],
    ]);
  });

  it("answers 401 (from a rejected promise) as -32001", async () => {
    const transport = await served(() =>
      Promise.reject(new AuthenticationError(401, "invalid_token", "the token expired")),
    );
    transport.handlers?.onMessage({ jsonrpc: "2.0", id: "a", method: "tools/list" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(transport.sent).toEqual([
      [
        {
          jsonrpc: "2.0",
          id: "a",
          error: {
            code: -32001,
            message: "the token expired",
            data: { status: 401, error: "invalid_token" },
          },
        },
        { relatedRequestId: "a", httpRefusal: { status: 401, headers: {} } },
      ],
    ]);
  });

  it("leaves other answers without a refusal", async () => {
    const transport = await served(() => ({ tools: [] }));
    transport.handlers?.onMessage({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect(transport.sent).toEqual([
      [{ jsonrpc: "2.0", id: 1, result: { tools: [] } }, { relatedRequestId: 1 }],
    ]);
  });
});

describe("bearerChallenge", () => {
  it("orders the parameters and escapes quotes", () => {
    expect(
      bearerChallenge({
        resourceMetadata: "https://mcp.example.com/.well-known/oauth-protected-resource/mcp",
        scope: ["files:read", "files:write"],
        error: "insufficient_scope",
        errorDescription: 'needs "write"',
      }),
    ).toBe(
      'Bearer error="insufficient_scope", error_description="needs \\"write\\"", scope="files:read files:write", resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"',
    );
    expect(bearerChallenge({})).toBe("Bearer");
  });
});
