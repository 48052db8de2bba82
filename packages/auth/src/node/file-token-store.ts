import { chmod, mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { TokenStore } from "../client/token-store.js";

/**
 * A {@link TokenStore} in one JSON file, readable by its owner only: the file is written 0600
 * (through a temporary file and a rename, so a crash never leaves half a file) in a directory
 * created 0700. Writes from one process are serialised.
 *
 * @example
 * ```ts
 * import { homedir } from "node:os";
 * const store = new FileTokenStore(`${homedir()}/.config/my-app/mcp-auth.json`);
 * ```
 */
export class FileTokenStore implements TokenStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly path: string) {}

  async get(key: string): Promise<string | undefined> {
    await this.queue;
    return (await this.read())[key];
  }

  set(key: string, value: string): Promise<void> {
    return this.update((values) => {
      values[key] = value;
    });
  }

  delete(key: string): Promise<void> {
    return this.update((values) => {
      delete values[key];
    });
  }

  private update(change: (values: Record<string, string>) => void): Promise<void> {
    const next = this.queue.then(async () => {
      const values = await this.read();
      change(values);
      await mkdir(dirname(this.path), { recursive: true, mode: 0o700 });
      const temporary = `${this.path}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(values), { mode: 0o600 });
      // The mode is set again in case the umask or an old file got in the way.
      await chmod(temporary, 0o600);
      await rename(temporary, this.path);
    });
    this.queue = next.catch(() => {});
    return next;
  }

  private async read(): Promise<Record<string, string>> {
    let text: string;
    try {
      text = await readFile(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
      throw error;
    }
    const parsed: unknown = JSON.parse(text);
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new Error(`${this.path} is not a token store (not a JSON object)`);
    }
    return parsed as Record<string, string>;
  }
}
