import type { Era } from "../model/revisions.js";
import type { Step } from "../model/transcript.js";

/**
 * The steps `"setup": "handshake"` runs before a transcript's own steps (docs/conformance-format.md
 * §6). Kept as data so they read exactly like the document.
 */
export function handshakeSteps(side: "server" | "client", era: Era): Step[] {
  if (side === "server" && era === "session") {
    return [
      {
        op: "send",
        note: "initialize",
        message: {
          jsonrpc: "2.0",
          id: 0,
          method: "initialize",
          params: {
            protocolVersion: "{{revision}}",
            capabilities: "{{clientCapabilities}}",
            clientInfo: "{{clientInfo}}",
          },
        },
      },
      {
        op: "expect",
        note: "initialize result",
        message: {
          jsonrpc: "2.0",
          id: 0,
          result: {
            $capture: "initializeResult",
            $match: {
              protocolVersion: "{{revision}}",
              capabilities: { $capture: "serverCapabilities", $match: { $type: "object" } },
              serverInfo: { name: { $type: "string" }, version: { $type: "string" } },
            },
          },
        },
      },
      { op: "send", note: "initialized", message: { jsonrpc: "2.0", method: "notifications/initialized" } },
    ];
  }
  if (side === "server") {
    return [
      {
        op: "send",
        note: "server/discover",
        message: { jsonrpc: "2.0", id: 0, method: "server/discover", params: {} },
      },
      {
        op: "expect",
        note: "discover result",
        message: {
          jsonrpc: "2.0",
          id: 0,
          result: {
            $capture: "discoverResult",
            $match: {
              supportedVersions: { $contains: ["{{revision}}"] },
              capabilities: { $capture: "serverCapabilities", $match: { $type: "object" } },
            },
          },
        },
      },
    ];
  }
  if (era === "session") {
    return [
      {
        op: "expect",
        note: "initialize request",
        message: {
          jsonrpc: "2.0",
          id: { $capture: "initializeId" },
          method: "initialize",
          params: {
            $capture: "initializeParams",
            $match: {
              protocolVersion: { $type: "string" },
              capabilities: { $type: "object" },
              clientInfo: { name: { $type: "string" }, version: { $type: "string" } },
            },
          },
        },
      },
      {
        op: "send",
        note: "initialize result",
        message: {
          jsonrpc: "2.0",
          id: "{{initializeId}}",
          result: {
            protocolVersion: "{{revision}}",
            capabilities: "{{serverCapabilities}}",
            serverInfo: "{{serverInfo}}",
          },
        },
      },
      { op: "expect", note: "initialized", message: { jsonrpc: "2.0", method: "notifications/initialized" } },
    ];
  }
  return [
    {
      op: "expect",
      note: "optional server/discover",
      optional: true,
      strict: true,
      message: { jsonrpc: "2.0", id: { $capture: "discoverId" }, method: "server/discover" },
    },
    {
      op: "send",
      note: "discover result",
      when: "discoverId",
      message: {
        jsonrpc: "2.0",
        id: "{{discoverId}}",
        result: {
          resultType: "complete",
          supportedVersions: ["{{revision}}"],
          capabilities: "{{serverCapabilities}}",
          ttlMs: 0,
          cacheScope: "private",
          _meta: { "io.modelcontextprotocol/serverInfo": "{{serverInfo}}" },
        },
      },
    },
  ];
}
