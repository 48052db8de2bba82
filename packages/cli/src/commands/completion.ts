import { UsageError } from "../errors.js";
import { COMMANDS } from "../help.js";
import type { Io } from "../io.js";

const COMMON = ["--transport", "--revision", "--header", "--timeout", "--verbose", "--help"];
const OWN: Record<string, readonly string[]> = {
  inspect: ["--json"],
  call: ["--json", "--out", "--raw", "--no-input"],
  read: ["--json", "--out", "--no-input"],
  prompt: ["--json", "--out", "--no-input"],
  complete: ["--json", "--context"],
  listen: ["--json", "--level"],
  bridge: [],
  login: [],
  logout: ["--all"],
  conformance: ["server", "client", "--help"],
  serve: ["--port", "--host", "--path", "--allow-host", "--allow-origin", "--max-sessions"],
};
const TRANSPORTS = "stdio http streamable sse ws";
const REVISIONS = "2024-11-05 2025-03-26 2025-06-18 2025-11-25 2026-07-28";

function bash(): string {
  const cases = COMMANDS.map((c) => `    ${c}) opts="${[...(OWN[c] ?? []), ...COMMON].join(" ")}" ;;`).join(
    "\n",
  );
  return `# bash completion for mcpkit
_mcpkit() {
  local cur prev cmd opts
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W "${COMMANDS.join(" ")} --help --version" -- "$cur") )
    return
  fi
  case "$prev" in
    --transport) COMPREPLY=( $(compgen -W "${TRANSPORTS}" -- "$cur") ); return ;;
    --revision) COMPREPLY=( $(compgen -W "${REVISIONS}" -- "$cur") ); return ;;
    --out) COMPREPLY=( $(compgen -d -- "$cur") ); return ;;
  esac
  cmd="\${COMP_WORDS[1]}"
  case "$cmd" in
${cases}
    completion) opts="bash zsh fish" ;;
    *) opts="" ;;
  esac
  COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
}
complete -o default -F _mcpkit mcpkit
`;
}

function zsh(): string {
  const cases = COMMANDS.map((c) => `    ${c}) opts=(${[...(OWN[c] ?? []), ...COMMON].join(" ")}) ;;`).join(
    "\n",
  );
  return `#compdef mcpkit
# zsh completion for mcpkit
_mcpkit() {
  local -a opts
  if (( CURRENT == 2 )); then
    compadd -- ${COMMANDS.join(" ")} --help --version
    return
  fi
  case "\${words[CURRENT-1]}" in
    --transport) compadd -- ${TRANSPORTS}; return ;;
    --revision) compadd -- ${REVISIONS}; return ;;
    --out) _files -/; return ;;
  esac
  case "\${words[2]}" in
${cases}
    completion) opts=(bash zsh fish) ;;
  esac
  if [[ "\${words[CURRENT]}" == -* || "\${words[2]}" == completion ]]; then
    compadd -- $opts
  else
    _files
  fi
}
compdef _mcpkit mcpkit
`;
}

function fish(): string {
  const lines = [
    "# fish completion for mcpkit",
    "complete -c mcpkit -f",
    `complete -c mcpkit -n __fish_use_subcommand -a "${COMMANDS.join(" ")}"`,
    `complete -c mcpkit -n "__fish_seen_subcommand_from completion" -a "bash zsh fish"`,
  ];
  for (const c of COMMANDS) {
    if (c === "completion") continue;
    for (const option of [...(OWN[c] ?? []), ...COMMON]) {
      const name = option.slice(2);
      const arg =
        name === "transport" ? ` -x -a "${TRANSPORTS}"` : name === "revision" ? ` -x -a "${REVISIONS}"` : "";
      lines.push(`complete -c mcpkit -n "__fish_seen_subcommand_from ${c}" -l ${name}${arg}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** `mcpkit completion bash|zsh|fish`. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const [shell, extra] = argv;
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  if (shell === "bash") io.out(bash());
  else if (shell === "zsh") io.out(zsh());
  else if (shell === "fish") io.out(fish());
  else
    throw new UsageError(
      shell === undefined
        ? "name a shell: bash, zsh or fish"
        : `unknown shell "${shell}" (bash, zsh or fish)`,
    );
  return 0;
}
