/** Variables a spawned server inherits by default on POSIX systems. */
const POSIX_INHERITED = ["HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"] as const;

/** Variables a spawned server inherits by default on Windows (what programs need to find their files). */
const WINDOWS_INHERITED = [
  "APPDATA",
  "HOMEDRIVE",
  "HOMEPATH",
  "LOCALAPPDATA",
  "PATH",
  "PATHEXT",
  "PROCESSOR_ARCHITECTURE",
  "PROGRAMFILES",
  "SYSTEMDRIVE",
  "SYSTEMROOT",
  "TEMP",
  "TMP",
  "USERNAME",
  "USERPROFILE",
  "WINDIR",
] as const;

/**
 * The names of the environment variables a spawned server inherits unless told otherwise: a
 * small set a program needs to run, and no secrets (API keys and tokens in the parent's
 * environment stay in the parent).
 *
 * @example
 * ```ts
 * new StdioClientTransport({ command: "my-server", inheritEnv: [...defaultInheritedEnv(), "LANG"] });
 * ```
 */
export function defaultInheritedEnv(platform: NodeJS.Platform = process.platform): readonly string[] {
  return platform === "win32" ? WINDOWS_INHERITED : POSIX_INHERITED;
}

/** How to build a spawned server's environment. */
export interface ChildEnvironmentOptions {
  /** Names to copy from the parent's environment, or `"all"`. Default {@link defaultInheritedEnv}. */
  readonly inheritEnv?: readonly string[] | "all";
  /** Variables to set on top; `undefined` removes an inherited one. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The environment for a spawned server: the allowed variables from `source`, then `env` on top.
 * On Windows, names match whatever their case (`Path` is `PATH`).
 *
 * @example
 * ```ts
 * childEnvironment({ env: { API_KEY: "secret" } });
 * // { HOME: "/home/me", PATH: "/usr/bin:/bin", ..., API_KEY: "secret" }
 * ```
 */
export function childEnvironment(
  options: ChildEnvironmentOptions = {},
  source: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const result: Record<string, string> = {};
  const allowed = options.inheritEnv ?? defaultInheritedEnv(platform);
  const fold = platform === "win32" ? (name: string) => name.toUpperCase() : (name: string) => name;
  const wanted = allowed === "all" ? undefined : new Set(allowed.map(fold));
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined || (wanted && !wanted.has(fold(name)))) continue;
    // A value starting with "()" is a shell function definition; inheriting one can run code in a shell child.
    if (allowed !== "all" && value.startsWith("()")) continue;
    result[name] = value;
  }
  for (const [name, value] of Object.entries(options.env ?? {})) {
    for (const existing of Object.keys(result)) if (fold(existing) === fold(name)) delete result[existing];
    if (value !== undefined) result[name] = value;
  }
  return result;
}
