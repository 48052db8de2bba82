import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../../..", import.meta.url));

export interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly bin?: string | Readonly<Record<string, string>>;
  readonly exports?: Readonly<Record<string, unknown>>;
  readonly dependencies?: Readonly<Record<string, string>>;
}

/** Every workspace package: its directory (relative to the root) and its package.json. */
export function packages(): { dir: string; manifest: Manifest }[] {
  return readdirSync(join(root, "packages"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const dir = `packages/${entry.name}`;
      try {
        return [
          { dir, manifest: JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as Manifest },
        ];
      } catch {
        return [];
      }
    })
    .sort((a, b) => a.dir.localeCompare(b.dir));
}

export const published = () => packages().filter((p) => p.manifest.private !== true);
