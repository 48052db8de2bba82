/**
 * The official clients (2.x `@modelcontextprotocol/client` and 1.x `@modelcontextprotocol/sdk`)
 * behind one small interface, each with the same fixed answers to sampling, elicitation and roots
 * as mcpkit's fixture client, so one suite checks both against mcpkit's server.
 */
import { Client as ClientV2, type Transport as TransportV2 } from "@modelcontextprotocol/client";
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport as TransportV1 } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";

export const ROOTS = [
  { uri: "file:///work/one", name: "one" },
  { uri: "file:///work/two", name: "two" },
];

const capabilities = { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } };

function sampled(params: { messages: { content: unknown }[] }) {
  const first = params.messages[0]?.content as { type?: string; text?: string } | undefined;
  const asked = first?.type === "text" ? first.text : "";
  return {
    role: "assistant" as const,
    model: "fixture-model",
    content: { type: "text" as const, text: `answer to ${asked}` },
  };
}
const elicited = { action: "accept" as const, content: { name: "Ada" } };

export interface Events {
  readonly logs: { level: string; data: unknown; logger?: string }[];
  readonly updated: string[];
}

/** What the suite needs from an official client: the common subset of both SDKs' Client. */
export interface OfficialClient {
  readonly sdk: "1.x" | "2.x";
  readonly events: Events;
  readonly raw: ClientV1 | ClientV2;
  callTool(
    name: string,
    args?: Record<string, unknown>,
    options?: { onprogress?: (p: unknown) => void; signal?: AbortSignal },
  ): Promise<{ content: unknown[]; isError?: boolean; structuredContent?: unknown }>;
  close(): Promise<void>;
}

/** The 2.x client; `revision` pins what it offers at `initialize` (its list's first entry). */
export async function connectV2(
  transport: TransportV2,
  revision?: string,
): Promise<OfficialClient & { raw: ClientV2 }> {
  const events: Events = { logs: [], updated: [] };
  const client = new ClientV2(
    { name: "official-v2-client", version: "2.4.0" },
    {
      capabilities,
      // 2026-07-28 is reached through server/discover (pinned); older revisions through initialize.
      ...(revision === "2026-07-28"
        ? { versionNegotiation: { mode: { pin: revision } } }
        : revision
          ? { supportedProtocolVersions: [revision] }
          : {}),
    },
  );
  client.setRequestHandler("sampling/createMessage", (request) => sampled(request.params));
  client.setRequestHandler("elicitation/create", () => elicited);
  client.setRequestHandler("roots/list", () => ({ roots: ROOTS }));
  client.setNotificationHandler("notifications/message", (n) => {
    events.logs.push(n.params as Events["logs"][number]);
  });
  client.setNotificationHandler("notifications/resources/updated", (n) => {
    events.updated.push(n.params.uri);
  });
  await client.connect(transport);
  return {
    sdk: "2.x",
    events,
    raw: client,
    callTool: (name, args, options) =>
      client.callTool(
        { name, ...(args ? { arguments: args } : {}) },
        { timeout: 10_000, ...options },
      ) as never,
    close: () => client.close(),
  };
}

/** The 1.x client (always offers 2025-11-25 at `initialize`; the server may counter-offer). */
export async function connectV1(transport: TransportV1): Promise<OfficialClient & { raw: ClientV1 }> {
  const events: Events = { logs: [], updated: [] };
  const client = new ClientV1({ name: "official-v1-client", version: "1.32.2" }, { capabilities });
  client.setRequestHandler(CreateMessageRequestSchema, (request) => sampled(request.params));
  client.setRequestHandler(ElicitRequestSchema, () => elicited);
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: ROOTS }));
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    events.logs.push(n.params as Events["logs"][number]);
  });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    events.updated.push(n.params.uri);
  });
  await client.connect(transport);
  return {
    sdk: "1.x",
    events,
    raw: client,
    callTool: (name, args, options) =>
      client.callTool({ name, ...(args ? { arguments: args } : {}) }, undefined, {
        timeout: 10_000,
        ...options,
      }) as never,
    close: () => client.close(),
  };
}
