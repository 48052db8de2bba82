import { fileURLToPath } from "node:url";

/** The interop package's root (spawned fixtures run from here so `--import tsx` resolves). */
export const packageRoot = fileURLToPath(new URL("../..", import.meta.url));

/** The command that runs a fixture script (TypeScript, through tsx). */
export function fixtureCommand(
  file: string,
  ...args: string[]
): { command: string; args: string[]; cwd: string } {
  return {
    command: process.execPath,
    args: ["--import", "tsx", `fixtures/${file}`, ...args],
    cwd: packageRoot,
  };
}

/** Resolves after `ms`. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a value other than undefined, at most `attempts` times. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  attempts = 50,
  everyMs = 20,
): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(everyMs);
  }
  throw new Error(`condition not met after ${attempts} attempts`);
}
