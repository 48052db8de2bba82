// Shared setup: a real Server and a Client over core's in-memory pair, and two skills to serve.
import { Client, type ClientOptions } from "@mcpkit/client";
import { createInMemoryPair } from "@mcpkit/core";
import { Server, type ServerOptions } from "@mcpkit/server";
import { afterEach } from "vitest";
import type { SkillSource } from "../src/index.js";

export const clientInfo = { name: "skills-test-client", version: "0.0.1" };

/** One revision of each era. */
export const eras = ["2025-11-25", "2026-07-28"] as const;
export type TestRevision = (typeof eras)[number];

export const PDF_MD = `---
name: pdf-processing
description: Extract text and tables from PDF files, fill forms
license: Apache-2.0
metadata:
  author: mcpkit
  version: "1.0"
---

# PDF processing

Read references/FORMS.md before filling a form.
`;
export const FORMS_MD = "# Filling forms\n\nUse the form fields.\n";
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
export const REVIEW_MD = `---
name: code-review
description: Review a change for bugs and style
---
Look at the diff.
`;

export const pdfSkill: SkillSource = {
  files: { "SKILL.md": PDF_MD, "references/FORMS.md": FORMS_MD, "assets/logo.png": PNG },
};
export const reviewSkill: SkillSource = {
  path: "acme.example/code-review",
  files: { "SKILL.md": REVIEW_MD },
};

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close().catch(() => {})));
});

/** A fresh Server, closed after the test. */
export function newServer(options: ServerOptions = {}): Server {
  const server = new Server({ name: "skills-server", version: "1.0.0" }, options);
  open.push(server);
  return server;
}

/** Connects a client pinned to `revision` to `server` over the in-memory pair. */
export async function connect(
  server: Server,
  revision: TestRevision,
  options: Partial<ClientOptions> = {},
): Promise<Client> {
  const [clientSide, serverSide] = createInMemoryPair({ json: true });
  await server.connect(serverSide);
  const client = new Client({ clientInfo, revision, timeoutMs: 5_000, ...options });
  open.push(client);
  await client.connect(clientSide);
  return client;
}

/** Registers something to close after the test. */
export function closeLater(closable: { close(): Promise<void> }): void {
  open.push(closable);
}

/** The sha256:{hex} of some bytes or text, computed with node:crypto (an independent oracle). */
export async function oracleDigest(content: string | Uint8Array): Promise<string> {
  const { createHash } = await import("node:crypto");
  return `sha256:${createHash("sha256").update(content).digest("hex")}`;
}
