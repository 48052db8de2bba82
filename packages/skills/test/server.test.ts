// The server side over a real Server and Client (in-memory pair), in both eras.
import { McpError } from "@mcpkit/core";
import { describe, expect, it } from "vitest";
import { skillsClient, skillsExtension } from "../src/index.js";
import {
  connect,
  eras,
  FORMS_MD,
  newServer,
  oracleDigest,
  PDF_MD,
  PNG,
  pdfSkill,
  REVIEW_MD,
  reviewSkill,
} from "./helpers.js";

const PDF = "skill://pdf-processing/SKILL.md";
const REVIEW = "skill://acme.example/code-review/SKILL.md";

async function refusal(promise: Promise<unknown>): Promise<McpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof McpError)) throw new Error(`expected an McpError, got ${String(error)}`);
  return error;
}

for (const revision of eras) {
  describe(`at ${revision}`, () => {
    it("declares the extension and the resources capability", async () => {
      const server = newServer({ extensions: [skillsExtension({ skills: [pdfSkill] })] });
      const client = await connect(server, revision);
      expect(client.serverExtensions).toEqual({ "io.modelcontextprotocol/skills": {} });
      expect(client.serverCapabilities?.resources).toBeDefined();
    });

    it("lists each skill with its frontmatter and every file's digest and size", async () => {
      const server = newServer({ extensions: [skillsExtension({ skills: [pdfSkill, reviewSkill] })] });
      const client = await connect(server, revision);
      const result = await client.request("skills/list");
      expect(result.skills).toEqual([
        {
          uri: PDF,
          frontmatter: {
            name: "pdf-processing",
            description: "Extract text and tables from PDF files, fill forms",
            license: "Apache-2.0",
            metadata: { author: "mcpkit", version: "1.0" },
          },
          resources: [
            { uri: PDF, digest: await oracleDigest(PDF_MD), size: Buffer.byteLength(PDF_MD) },
            {
              uri: "skill://pdf-processing/assets/logo.png",
              digest: await oracleDigest(PNG),
              size: PNG.length,
            },
            {
              uri: "skill://pdf-processing/references/FORMS.md",
              digest: await oracleDigest(FORMS_MD),
              size: Buffer.byteLength(FORMS_MD),
            },
          ],
        },
        {
          uri: REVIEW,
          frontmatter: { name: "code-review", description: "Review a change for bugs and style" },
          resources: [
            { uri: REVIEW, digest: await oracleDigest(REVIEW_MD), size: Buffer.byteLength(REVIEW_MD) },
          ],
        },
      ]);
      expect(result.nextCursor).toBeUndefined();
      if (revision === "2026-07-28") {
        expect(result).toMatchObject({ ttlMs: 60_000, cacheScope: "public" });
      } else {
        expect(result.ttlMs).toBeUndefined();
        expect(result.cacheScope).toBeUndefined();
      }
    });

    it("publishes the files as resources: SKILL.md as text/markdown named from its frontmatter", async () => {
      const server = newServer({ extensions: [skillsExtension({ skills: [pdfSkill] })] });
      const client = await connect(server, revision);
      const listed = await client.listResources();
      expect(listed).toEqual([
        {
          uri: PDF,
          name: "pdf-processing",
          description: "Extract text and tables from PDF files, fill forms",
          mimeType: "text/markdown",
          size: Buffer.byteLength(PDF_MD),
        },
        {
          uri: "skill://pdf-processing/assets/logo.png",
          name: "pdf-processing/assets/logo.png",
          mimeType: "image/png",
          size: PNG.length,
        },
        {
          uri: "skill://pdf-processing/references/FORMS.md",
          name: "pdf-processing/references/FORMS.md",
          mimeType: "text/markdown",
          size: Buffer.byteLength(FORMS_MD),
        },
      ]);
      expect((await client.readResource(PDF)).contents).toEqual([
        { uri: PDF, mimeType: "text/markdown", text: PDF_MD },
      ]);
      expect((await client.readResource("skill://pdf-processing/assets/logo.png")).contents).toEqual([
        {
          uri: "skill://pdf-processing/assets/logo.png",
          mimeType: "image/png",
          blob: Buffer.from(PNG).toString("base64"),
        },
      ]);
    });

    it("paginates skills/list with opaque cursors and refuses a forged one with -32602", async () => {
      const skills = ["alpha", "beta", "gamma"].map((name) => ({
        files: { "SKILL.md": `---\nname: ${name}\ndescription: the ${name} skill\n---\n` },
      }));
      const server = newServer({ extensions: [skillsExtension({ skills, pageSize: 2 })] });
      const client = await connect(server, revision);
      const first = await client.request("skills/list");
      expect((first.skills as { uri: string }[]).map((s) => s.uri)).toEqual([
        "skill://alpha/SKILL.md",
        "skill://beta/SKILL.md",
      ]);
      expect(typeof first.nextCursor).toBe("string");
      const second = await client.request("skills/list", { cursor: first.nextCursor as string });
      expect((second.skills as { uri: string }[]).map((s) => s.uri)).toEqual(["skill://gamma/SKILL.md"]);
      expect(second.nextCursor).toBeUndefined();
      const forged = await refusal(client.request("skills/list", { cursor: "bm90IGEgY3Vyc29y" }));
      expect(forged.code).toBe(-32602);
      expect(forged.message).toBe("Invalid params: invalid cursor");
    });

    it("answers skills/get with the entry and no cursor; an unknown URI is -32602", async () => {
      const server = newServer({ extensions: [skillsExtension({ skills: [pdfSkill, reviewSkill] })] });
      const client = await connect(server, revision);
      const listed = (await client.request("skills/list")).skills as unknown[];
      const got = await client.request("skills/get", { uri: REVIEW });
      expect(got.skill).toEqual(listed[1]);
      expect(got.nextCursor).toBeUndefined();
      if (revision === "2026-07-28") expect(got).toMatchObject({ ttlMs: 60_000, cacheScope: "public" });
      const unknown = await refusal(client.request("skills/get", { uri: "skill://nope/SKILL.md" }));
      expect(unknown.code).toBe(-32602);
      expect(unknown.message).toBe("Unknown skill: skill://nope/SKILL.md");
      expect(unknown.data).toEqual({ uri: "skill://nope/SKILL.md" });
      const missing = await refusal(client.request("skills/get", {}));
      expect(missing.code).toBe(-32602);
    });

    it("serves a client that declared the extension and one that did not", async () => {
      const server = newServer({ extensions: [skillsExtension({ skills: [reviewSkill] })] });
      const declared = await connect(server, revision, { extensions: [skillsClient()] });
      const plain = await connect(server, revision);
      for (const client of [declared, plain]) {
        expect(((await client.request("skills/list")).skills as unknown[]).length).toBe(1);
      }
    });

    it("with directoryRead, lists a directory's children and refuses a file with -32602", async () => {
      const server = newServer({
        extensions: [skillsExtension({ skills: [pdfSkill], directoryRead: true })],
      });
      const client = await connect(server, revision);
      expect(client.serverExtensions).toEqual({ "io.modelcontextprotocol/skills": { directoryRead: true } });
      const root = await client.request("resources/directory/read", { uri: "skill://pdf-processing" });
      expect(root.resources).toEqual([
        { uri: "skill://pdf-processing/assets", name: "assets", mimeType: "inode/directory" },
        { uri: "skill://pdf-processing/references", name: "references", mimeType: "inode/directory" },
        { uri: PDF, name: "SKILL.md", mimeType: "text/markdown", size: Buffer.byteLength(PDF_MD) },
      ]);
      const references = await client.request("resources/directory/read", {
        uri: "skill://pdf-processing/references",
      });
      expect(references.resources).toEqual([
        {
          uri: "skill://pdf-processing/references/FORMS.md",
          name: "FORMS.md",
          mimeType: "text/markdown",
          size: Buffer.byteLength(FORMS_MD),
        },
      ]);
      const file = await refusal(client.request("resources/directory/read", { uri: PDF }));
      expect(file.code).toBe(-32602);
      expect(file.message).toBe(`Not a skill directory: ${PDF}`);
    });
  });
}

describe("without directoryRead", () => {
  it("declares no settings and does not serve resources/directory/read", async () => {
    const server = newServer({ extensions: [skillsExtension({ skills: [pdfSkill] })] });
    const client = await connect(server, "2026-07-28");
    const error = await refusal(
      client.request("resources/directory/read", { uri: "skill://pdf-processing" }),
    );
    expect(error.code).toBe(-32601);
  });
});
