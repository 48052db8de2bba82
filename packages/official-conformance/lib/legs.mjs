/**
 * The runs ("legs") of the official suite that CI makes: the reference server over Streamable HTTP
 * at each spec version it claims (stateful, serving both eras, and --stateless for 2026-07-28),
 * and the reference client at the same versions. `--suite all` includes the scenarios the suite
 * marks pending; `--spec-version` keeps those tagged for that version (no extensions).
 * `client-auth-extensions` runs `--suite extensions` without a spec version (the CLI skips
 * extension scenarios under one): the client authorization extensions (client credentials basic
 * and jwt, enterprise-managed, DPoP, DPoP nonce, workload identity), none of which may fail.
 * `suite` defaults to "all"; a leg without `specVersion` passes none.
 * `scenarioCount` is how many scenarios the pinned suite runs in that leg (`conformance list
 * --server|--client --spec-version V`, or the `[extension]` auth scenarios of `list --client`); the
 * test checks it so that no leg can pass by running less.
 */
/** The tasks extension's server scenarios (SEP-2663), run one by one against the reference server. */
const TASKS_SCENARIOS = [
  "tasks-lifecycle",
  "tasks-capability-negotiation",
  "tasks-wire-fields",
  "tasks-request-state-removal",
  "tasks-mrtr-input",
  "tasks-request-headers",
  "tasks-dispatch-and-envelope",
  "tasks-status-notifications",
  "tasks-required-task-error",
  "tasks-mrtr-composition",
];

export const LEGS = [
  { name: "server-2025-11-25", kind: "server", specVersion: "2025-11-25", serverArgs: [], scenarioCount: 33 },
  { name: "server-2026-07-28", kind: "server", specVersion: "2026-07-28", serverArgs: [], scenarioCount: 40 },
  {
    name: "server-stateless-2026-07-28",
    kind: "server",
    specVersion: "2026-07-28",
    serverArgs: ["--stateless"],
    scenarioCount: 40,
  },
  {
    name: "server-tasks-2026-07-28",
    kind: "server",
    serverArgs: [],
    scenarios: TASKS_SCENARIOS,
    scenarioCount: 10,
  },
  {
    name: "server-stateless-tasks-2026-07-28",
    kind: "server",
    serverArgs: ["--stateless"],
    scenarios: TASKS_SCENARIOS,
    scenarioCount: 10,
  },
  { name: "client-2025-11-25", kind: "client", specVersion: "2025-11-25", scenarioCount: 19 },
  { name: "client-2026-07-28", kind: "client", specVersion: "2026-07-28", scenarioCount: 33 },
  { name: "client-auth-extensions", kind: "client", suite: "extensions", scenarioCount: 6 },
  ...skillsLegs(),
];

/**
 * The skills extension (SEP-2640): its three server scenarios against both server variants (the
 * CLI runs extension scenarios at 2026-07-28), and its four client scenarios.
 */
function skillsLegs() {
  const server = ["sep-2640-skills-directory", "sep-2640-skills-enumeration", "sep-2640-skills-manifest"];
  const client = [
    "sep-2640-client-no-prefetch",
    "sep-2640-client-verify-digest",
    "sep-2640-client-verify-frontmatter",
    "sep-2640-client-verify-size",
  ];
  return [
    { name: "server-skills-2026-07-28", kind: "server", serverArgs: [], scenarios: server, scenarioCount: 3 },
    {
      name: "server-skills-stateless",
      kind: "server",
      serverArgs: ["--stateless"],
      scenarios: server,
      scenarioCount: 3,
    },
    { name: "client-skills", kind: "client", scenarios: client, scenarioCount: 4 },
  ];
}
