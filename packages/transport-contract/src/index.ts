/**
 * @mcpkit/transport-contract: the contract every mcpkit transport keeps, as one vitest suite a
 * transport package runs against pairs of its own transports. Private: only tests use it.
 */
export { runTransportContract, runContractCheck, contractCheckIds } from "./suite.js";
export type {
  ContractError,
  ContractHandlers,
  ContractMessage,
  ContractNotification,
  ContractOptions,
  ContractPayload,
  ContractRequest,
  ContractResult,
  ContractTransport,
  ContractUnreadableFrame,
  RequestId,
  TransportPair,
  TransportPairFactory,
} from "./types.js";
