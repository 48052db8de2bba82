// Over real Streamable HTTP on 127.0.0.1, in both eras (one endpoint serves both).
import { Client } from "@mcpkit/client";
import { Server } from "@mcpkit/server";
import { StreamableHttpClientTransport } from "@mcpkit/transport-http";
import { type StreamableHttpServer, serveStreamableHttp } from "@mcpkit/transport-http/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSkills, loadSkill, type SkillEntry, skillsClient, skillsExtension } from "../src/index.js";
import { clientInfo, closeLater, eras, FORMS_MD, pdfSkill, reviewSkill } from "./helpers.js";

let http: StreamableHttpServer;
let server: Server;

beforeAll(async () => {
  server = new Server(
    { name: "skills-http", version: "1.0.0" },
    { extensions: [skillsExtension({ skills: [pdfSkill, reviewSkill] })] },
  );
  http = await serveStreamableHttp({
    port: 0,
    onSession: (transport) => server.connect(transport),
    onStateless: (transport) => server.connect(transport),
  });
});
afterAll(async () => {
  await http?.close();
  await server?.close();
});

for (const revision of eras) {
  describe(`at ${revision}`, () => {
    it("lists, loads and reads a skill with verification", async () => {
      expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const client = new Client({ clientInfo, revision, extensions: [skillsClient()], timeoutMs: 5_000 });
      closeLater(client);
      await client.connect(new StreamableHttpClientTransport(http.url));
      expect(client.era).toBe(revision === "2026-07-28" ? "stateless" : "session");
      const entries = await listSkills(client);
      expect(entries.map((e) => e.uri)).toEqual([
        "skill://pdf-processing/SKILL.md",
        "skill://acme.example/code-review/SKILL.md",
      ]);
      const skill = await loadSkill(client, entries[0] as SkillEntry);
      expect(skill.frontmatter.description).toBe("Extract text and tables from PDF files, fill forms");
      expect((await skill.read("references/FORMS.md")).text).toBe(FORMS_MD);
    });
  });
}
