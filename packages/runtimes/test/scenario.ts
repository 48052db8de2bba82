/** What the client scenario (fixtures/client-scenario.ts) must see in each era, on every runtime. */
const common = {
  server: "mcpkit-everything-server",
  listedTools: true,
  text: "This is a simple text response for testing.",
  progress: [0, 50, 100],
  cancelled: "LocalError cancelled",
  afterCancel: "This is a simple text response for testing.",
  elicited: 'User response: action=accept, content={"username":"username-value","email":"email-value"}',
  resource: "This is the content of the static text resource.",
  prompt: "Prompt with arguments: arg1='one', arg2='two'",
  updated: "test://watched-resource",
};

export const expectedScenario = {
  stateless: { era: "stateless", revision: "2026-07-28", ...common },
  session: { era: "session", revision: "2025-11-25", ...common },
};
