import { Client, type ClientOptions, type TransportSource } from "@mcpkit/client";

/** What the client's handlers were asked. */
export interface Recorded {
  readonly elicitations: Record<string, unknown>[];
  readonly samplings: Record<string, unknown>[];
}

/** Answers a form by field name: the values the fixtures' expected texts are written for. */
const ANSWERS: Readonly<Record<string, unknown>> = {
  username: "alice",
  email: "alice@example.com",
  name: "Alice",
  color: "blue",
  ok: true,
  context: "testing",
};

/** A client that declares sampling, elicitation (form and URL) and roots, and records what it is asked. */
export function recordingClient(revision: NonNullable<ClientOptions["revision"]>): {
  client: Client;
  recorded: Recorded;
} {
  const recorded: Recorded = { elicitations: [], samplings: [] };
  const client = new Client({
    clientInfo: { name: "reference-tests", version: "1.0.0" },
    revision,
    sampling: (params) => {
      recorded.samplings.push(params as unknown as Record<string, unknown>);
      return {
        role: "assistant",
        content: { type: "text", text: "Paris" },
        model: "test-model",
        stopReason: "endTurn",
      };
    },
    elicitation: {
      form: (params) => {
        recorded.elicitations.push(params as unknown as Record<string, unknown>);
        const content: Record<string, unknown> = {};
        for (const field of Object.keys(params.requestedSchema.properties ?? {})) {
          if (field in ANSWERS) content[field] = ANSWERS[field];
        }
        return { action: "accept", content: content as never };
      },
      url: (params) => {
        recorded.elicitations.push(params as unknown as Record<string, unknown>);
        return { action: "accept" };
      },
      applyDefaults: true,
    },
    roots: [{ uri: "file:///test/root", name: "Test Root" }],
  });
  return { client, recorded };
}

export async function connectRecording(
  revision: NonNullable<ClientOptions["revision"]>,
  source: TransportSource,
): Promise<{ client: Client; recorded: Recorded }> {
  const made = recordingClient(revision);
  await made.client.connect(source);
  return made;
}
