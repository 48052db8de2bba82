import { readFileSync } from "node:fs";

/** Reads a list file named on the command line; throws an Error naming the file and what it is. */
export function readListFile(file: string, what: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    throw new Error(`${file}: cannot read the ${what}`);
  }
}
