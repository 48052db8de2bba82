/**
 * @mcpkit/framework-contract (private): the suite every framework integration runs in its tests.
 * A package supplies a {@link StartApp} that builds its framework's app around the integration.
 */
export { type ContractApp, type StartApp, exampleContract, frameworkContract } from "./suite.js";
export { callTool, identityOf, initialize, jsonHeaders, whoamiServer } from "./app.js";
export { conformance, failures } from "./conformance.js";
