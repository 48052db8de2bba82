import { StdioClientTransport } from "@mcpkit/transport-stdio";
import { describe, expect, it } from "vitest";
import { SERVER_JS } from "./helpers/processes.js";
import { connectRecording } from "./helpers/recording-client.js";

const overStdio = () =>
  new StdioClientTransport({ command: process.execPath, args: [SERVER_JS], stderr: "ignore" });

describe("older revisions", () => {
  it("2025-03-26: no structured-output tool, audio and the content tools work", async () => {
    const { client } = await connectRecording("2025-03-26", overStdio);
    try {
      const names = (await client.listTools()).map((t) => t.name);
      expect(names).toContain("test_audio_content");
      expect(names).not.toContain("test_structured_output");
      await expect(client.callTool({ name: "test_structured_output", arguments: {} })).rejects.toMatchObject({
        code: -32602,
      });
      const audio = await client.callTool({ name: "test_audio_content", arguments: {} });
      expect(audio.content[0]).toMatchObject({ type: "audio", mimeType: "audio/wav" });
    } finally {
      await client.close();
    }
  });
});
