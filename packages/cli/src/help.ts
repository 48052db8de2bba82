/** Help texts. No imports: `mcpkit --help` loads this file and cli.ts only. */

export const COMMANDS = [
  "inspect",
  "call",
  "read",
  "prompt",
  "complete",
  "ping",
  "listen",
  "login",
  "logout",
  "bridge",
  "serve",
  "conformance",
  "completion",
] as const;
export type CommandName = (typeof COMMANDS)[number];

const TARGET = `TARGET is a server: an http(s):// or ws(s):// URL, a stdio command as one quoted string
("node server.js"), or a stdio command after -- (mcpkit inspect -- node server.js).`;

const CONNECTION = `Connection options:
  --transport KIND   stdio, http (Streamable HTTP, falling back to HTTP+SSE), streamable, sse or ws
                     (default: from the target)
  --revision REV     speak only this protocol revision, e.g. 2025-06-18 (default: the newest both speak)
  --header 'K: V'    an HTTP header for every request (repeatable)
  --timeout MS       per-request timeout, restarted by progress (default 60000)
  --verbose, -v      show the server's stderr, and stack traces on errors`;

export const MAIN_HELP = `mcpkit: talk to any Model Context Protocol server from the terminal

Usage: mcpkit COMMAND [options] TARGET ...

Commands:
  inspect    what the server offers: info, capabilities, tools, resources, prompts
  call       call a tool
  read       read a resource
  prompt     get a prompt
  complete   ask for argument completions
  ping       check that the server answers
  listen     print the server's notifications until interrupted
  login      authorize with a server (OAuth, in the browser) and keep the tokens
  logout     forget a server's tokens
  bridge     serve a remote (HTTP, SSE, WebSocket) server as a local stdio server
  serve      serve a stdio server over Streamable HTTP on 127.0.0.1
  conformance  run the conformance suite against a server or client (mcpkit conformance --help)
  completion print a shell completion script (bash, zsh, fish)

${TARGET}

Examples:
  mcpkit inspect https://example.com/mcp
  mcpkit call "npx -y @modelcontextprotocol/server-everything" echo message=hi
  mcpkit call add a=1 b=2 -- node server.js

Run mcpkit COMMAND --help for a command's options. mcpkit --version prints the version.
`;

const HELP: Record<CommandName, string> = {
  inspect: `Usage: mcpkit inspect TARGET [--json]

Shows the server's name and version, the negotiated revision, era and transport, its capabilities
and instructions, and every tool (with its arguments), resource, resource template and prompt.

  --json             print the same as JSON

${CONNECTION}

${TARGET}

Examples:
  mcpkit inspect https://example.com/mcp
  mcpkit inspect --json -- node build/server.js
`,
  call: `Usage: mcpkit call TARGET TOOL [key=value ...] [--json ARGS]

Calls a tool. Each key=value is read against the tool's input schema: numbers, integers and
booleans are parsed, arrays and objects are given as JSON (tags='["a","b"]'), and a key the schema
does not have is refused. Progress is drawn as a bar on a terminal and printed as lines otherwise;
Ctrl-C cancels the call. Text is printed, images and audio are saved to files, structured content
is printed as JSON. The exit code is 1 when the tool reports an error.

  --json ARGS        the arguments as one JSON object (key=value pairs are merged over it)
  --out DIR          where images and audio go (default: the current directory)
  --raw              print the whole result as JSON
  --no-input         refuse the server's elicitation and sampling requests instead of asking

${CONNECTION}

${TARGET}

Examples:
  mcpkit call https://example.com/mcp search query="mcp sdk" limit=5
  mcpkit call "node server.js" add --json '{"a": 1, "b": 2}'
  mcpkit call render width=640 -- node server.js
`,
  read: `Usage: mcpkit read TARGET URI [--json]

Reads a resource: text is printed, binary contents are saved to files.

  --json             print the result as JSON
  --out DIR          where binary contents go (default: the current directory)
  --no-input         refuse the server's elicitation and sampling requests instead of asking

${CONNECTION}

Examples:
  mcpkit read https://example.com/mcp file:///README.md
  mcpkit read test://static-text -- node server.js
`,
  prompt: `Usage: mcpkit prompt TARGET NAME [key=value ...] [--json]

Gets a prompt with its arguments and prints its messages (images saved to files).

  --json             print the result as JSON
  --out DIR          where images and audio go (default: the current directory)
  --no-input         refuse the server's elicitation and sampling requests instead of asking

${CONNECTION}

Examples:
  mcpkit prompt https://example.com/mcp summarize topic=release
  mcpkit prompt test_prompt_with_arguments arg1=a arg2=b -- node server.js
`,
  complete: `Usage: mcpkit complete TARGET REF ARGUMENT=PARTIAL [--context key=value ...] [--json]

Asks the server to complete an argument. REF is prompt:NAME or resource:URI-TEMPLATE.

  --context K=V      an already chosen argument (repeatable)
  --json             print the result as JSON

${CONNECTION}

Examples:
  mcpkit complete https://example.com/mcp prompt:greet name=Al
  mcpkit complete "node server.js" 'resource:file:///{path}' path=src/
`,
  ping: `Usage: mcpkit ping TARGET

Connects, sends ping and prints the round trip time. Exit code 0 when the server answered.

${CONNECTION}

Examples:
  mcpkit ping https://example.com/mcp
  mcpkit ping -- node server.js
`,
  listen: `Usage: mcpkit listen TARGET [URI ...] [--json]

Prints the server's notifications (logging, list changes, resource updates, progress) as they come,
until interrupted with Ctrl-C. Each URI given is subscribed to.

  --json             one JSON object per line
  --level LEVEL      ask for log messages at this level and above (e.g. debug)

${CONNECTION}

Examples:
  mcpkit listen https://example.com/mcp file:///status.txt
  mcpkit listen --level debug -- node server.js
`,
  login: `Usage: mcpkit login URL

Authorizes with the server's authorization server: OAuth 2.1 with PKCE in the browser, which is
sent back to a listener on 127.0.0.1. The tokens are kept per server in the config directory
($MCPKIT_CONFIG_DIR, else $XDG_CONFIG_HOME/mcpkit, else ~/.config/mcpkit; files of mode 0600) and
every other command uses them (refreshing them when they expire). $BROWSER, when set, is the
command that opens the page.

Examples:
  mcpkit login https://example.com/mcp
  mcpkit call https://example.com/mcp search query=mcp
`,
  logout: `Usage: mcpkit logout URL | --all

Forgets the tokens kept for a server (or for every server).

Examples:
  mcpkit logout https://example.com/mcp
  mcpkit logout --all
`,
  bridge: `Usage: mcpkit bridge URL [--header 'K: V' ...]

Serves a remote server (Streamable HTTP, HTTP+SSE or WebSocket) as a local stdio server: this
process's stdin and stdout carry the protocol, every message is passed on unchanged, logs go to
stderr. For hosts that only speak stdio: give the host "mcpkit bridge URL" as the server command.
Tokens kept by mcpkit login URL are used.

  --transport KIND   http (default for http URLs: Streamable HTTP, falling back to HTTP+SSE),
                     streamable, sse, or ws (default for ws URLs)
  --header 'K: V'    an HTTP header for every request (repeatable)
  --verbose, -v      log what the bridge does

Examples:
  mcpkit bridge https://example.com/mcp
  {"command": "npx", "args": ["-y", "@mcpkit/cli", "bridge", "https://example.com/mcp"]}
`,
  serve: `Usage: mcpkit serve [--port N] [--host H] -- COMMAND [ARGS ...]

Serves a stdio server over Streamable HTTP (session era), at http://127.0.0.1:PORT/mcp by default.
Each session gets its own server process. The Host and Origin headers are checked: only loopback
names and origins are allowed unless --allow-host / --allow-origin say otherwise. The URL is the
first line of stdout; Ctrl-C stops.

  --port N           the port (default: any free one)
  --host H           the address to listen on (default 127.0.0.1)
  --path P           the endpoint path (default /mcp)
  --allow-host NAME  also allow this Host (repeatable; needed with --host 0.0.0.0)
  --allow-origin O   allow exactly these Origins, e.g. https://app.example.com (repeatable)
  --max-sessions N   at most N sessions (server processes) at once (default 16)
  --verbose, -v      show the servers' stderr

Examples:
  mcpkit serve --port 3000 -- node build/server.js
  mcpkit serve "python my_server.py"
`,
  conformance: `Usage: mcpkit conformance server|client ... (the conformance runner's own arguments)

Runs the mcpkit conformance suite: the same program as mcpkit-conformance, with its arguments,
output and exit code. mcpkit conformance --help prints the runner's own help.

Examples:
  mcpkit conformance server --stdio "python my_server.py"
  mcpkit conformance server --url http://127.0.0.1:3000/mcp --transport http
`,
  completion: `Usage: mcpkit completion bash|zsh|fish

Prints a completion script for the shell. To install:
  bash:  mcpkit completion bash > ~/.local/share/bash-completion/completions/mcpkit
  zsh:   mcpkit completion zsh > "\${fpath[1]}/_mcpkit"
  fish:  mcpkit completion fish > ~/.config/fish/completions/mcpkit.fish
`,
};

/** The help of one command. */
export function commandHelp(name: CommandName): string {
  return HELP[name];
}
