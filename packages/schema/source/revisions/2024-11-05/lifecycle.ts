/** The initialize handshake, what each side can do (capabilities), and ping. */
import { type JsonSchema, bool, doc, obj, opt, record, ref, str } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { notificationOf, requestOf, resultOf } from "./jsonrpc.js";

/** A capability declared by its presence: an object with no settings defined yet. */
export function capabilityFlag(): JsonSchema {
  return obj({}, { extra: true });
}

/** Non-standard capabilities, keyed by name. */
export function experimentalCapabilities(): JsonSchema {
  return record(capabilityFlag());
}

/** A capability whose only setting is whether list-change notifications are sent. */
export function listChangedCapability(): JsonSchema {
  return obj({ listChanged: opt(bool()) });
}

/** Params of `initialize`. */
export const initializeParams = obj({
  protocolVersion: str(),
  capabilities: ref("ClientCapabilities"),
  clientInfo: ref("Implementation"),
});

export const lifecycle = {
  Implementation: doc(
    "Identifies the program on either end: its name and version.",
    obj({ name: str(), version: str() }),
  ),
  ClientCapabilities: doc(
    "What a client supports.",
    obj({
      experimental: opt(experimentalCapabilities()),
      roots: opt(listChangedCapability()),
      sampling: opt(capabilityFlag()),
    }),
  ),
  ServerCapabilities: doc(
    "What a server supports.",
    obj({
      experimental: opt(experimentalCapabilities()),
      logging: opt(capabilityFlag()),
      prompts: opt(listChangedCapability()),
      resources: opt(obj({ subscribe: opt(bool()), listChanged: opt(bool()) })),
      tools: opt(listChangedCapability()),
    }),
  ),
  InitializeRequest: doc(
    "The client's first request: its version and capabilities.",
    requestOf("initialize", initializeParams),
  ),
  InitializeResult: doc(
    "The server's answer to initialize: the agreed version and its capabilities.",
    resultOf({
      protocolVersion: str(),
      capabilities: ref("ServerCapabilities"),
      serverInfo: ref("Implementation"),
      instructions: opt(str()),
    }),
  ),
  InitializedNotification: doc(
    "Sent by the client once initialization is complete.",
    notificationOf("notifications/initialized"),
  ),
  PingRequest: doc("Checks that the other side is still there.", requestOf("ping")),
} satisfies Definitions;
