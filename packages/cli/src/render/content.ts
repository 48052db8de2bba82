import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Io } from "../io.js";

/** A content block as the CLI prints it (any revision's shape). */
export interface Block {
  readonly type: string;
  readonly text?: string;
  readonly data?: string;
  readonly mimeType?: string;
  readonly uri?: string;
  readonly name?: string;
  readonly resource?: {
    readonly uri: string;
    readonly mimeType?: string;
    readonly text?: string;
    readonly blob?: string;
  };
}

const EXTENSIONS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/svg+xml": "svg",
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/mpeg": "mp3",
  "audio/ogg": "ogg",
  "application/pdf": "pdf",
  "application/json": "json",
};

/** Saves binary contents under `dir` as `<stem>-<n>.<ext>`; answers the paths written. */
export class FileSaver {
  private count = 0;
  constructor(
    private readonly dir: string,
    private readonly stem: string,
    private readonly cwd: string,
  ) {}

  save(base64: string, mimeType: string | undefined): { path: string; bytes: number } {
    const bytes = Buffer.from(base64, "base64");
    const ext = EXTENSIONS[mimeType ?? ""] ?? "bin";
    mkdirSync(this.dir, { recursive: true });
    const safeStem = this.stem.replace(/[^\w.-]+/g, "_").slice(0, 64) || "content";
    const path = join(this.dir, `${safeStem}-${++this.count}.${ext}`);
    writeFileSync(path, bytes);
    const shown = relative(this.cwd, path);
    return { path: shown.startsWith("..") ? path : `./${shown}`, bytes: bytes.length };
  }
}

/** Prints content blocks readably: text as is, binary saved to files, links and resources named. */
export function printBlocks(blocks: readonly Block[], io: Io, saver: FileSaver): void {
  for (const block of blocks) {
    switch (block.type) {
      case "text":
        io.out(ensureNewline(block.text ?? ""));
        break;
      case "image":
      case "audio": {
        const saved = saver.save(block.data ?? "", block.mimeType);
        io.out(`[${block.type} ${block.mimeType ?? "?"}, ${saved.bytes} bytes, saved to ${saved.path}]\n`);
        break;
      }
      case "resource": {
        const r = block.resource;
        io.out(`[resource ${r?.uri ?? "?"}${r?.mimeType ? ` (${r.mimeType})` : ""}]\n`);
        if (r?.text !== undefined) io.out(ensureNewline(r.text));
        else if (r?.blob !== undefined) {
          const saved = saver.save(r.blob, r.mimeType);
          io.out(`[${saved.bytes} bytes, saved to ${saved.path}]\n`);
        }
        break;
      }
      case "resource_link":
        io.out(`[link ${block.uri ?? "?"}${block.name ? ` ${block.name}` : ""}]\n`);
        break;
      default:
        io.out(`${JSON.stringify(block)}\n`);
    }
  }
}

function ensureNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

/** Whether a text block only repeats the structured content (the spec's serialized copy). */
export function repeatsStructured(block: Block, structured: unknown): boolean {
  if (block.type !== "text" || block.text === undefined) return false;
  try {
    return JSON.stringify(JSON.parse(block.text)) === JSON.stringify(structured);
  } catch {
    return false;
  }
}
