import { LocalError } from "../errors.js";
import type { JsonObject, Params, RequestOptions } from "../engine/types.js";
import type { EraHost } from "../eras/era.js";

/** One round's input requests, keyed by the server's names: `{ method, params }` each. */
export type InputRequests = Readonly<Record<string, JsonObject>>;

/** The answers to one round, keyed as the requests. */
export type InputResponses = Record<string, JsonObject>;

/** Options of {@link requestWithInputRounds}. */
export interface InputRoundsOptions extends RequestOptions {
  /** Answers one round's input requests (elicit from the user, sample a model, list roots). */
  readonly fulfil: (inputRequests: InputRequests, round: number) => Promise<InputResponses>;
  /** How many requests to send at most (the first plus its retries). Default 10. */
  readonly maxRounds?: number;
}

const DEFAULT_MAX_ROUNDS = 10;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Sends a stateless-era request and plays its input-required rounds: while the server answers
 * `resultType: "input_required"`, answers its `inputRequests` with `fulfil` and retries (a new
 * request, so a new id) carrying `inputResponses` and the server's `requestState` unchanged.
 * Resolves with the first complete result; rejects with `LocalError("input_rounds_exceeded")` after
 * `maxRounds` requests, or `LocalError("cancelled")` when `signal` aborts between rounds.
 *
 * @example
 * ```ts
 * declare function answerEach(requests: Readonly<Record<string, JsonObject>>): Promise<Record<string, JsonObject>>;
 * const result = await requestWithInputRounds(connection, "tools/call", { name: "deploy" }, {
 *   fulfil: async (requests) => answerEach(requests), // { confirm: { action: "accept", content: { ok: true } } }
 *   maxRounds: 5,
 * });
 * ```
 */
export async function requestWithInputRounds(
  host: Pick<EraHost, "request">,
  method: string,
  params: Params,
  options: InputRoundsOptions,
): Promise<JsonObject> {
  const { fulfil, maxRounds = DEFAULT_MAX_ROUNDS, ...requestOptions } = options;
  const { inputResponses: _responses, requestState: _state, ...base } = params;
  let current: Params = params;
  for (let round = 1; ; round++) {
    const result = await host.request(method, current, requestOptions);
    if (result.resultType !== "input_required") return result;
    if (round >= maxRounds) {
      throw new LocalError(
        "input_rounds_exceeded",
        `${method} still required input after ${maxRounds} rounds`,
      );
    }
    const inputRequests = isObject(result.inputRequests) ? (result.inputRequests as InputRequests) : {};
    const responses = Object.keys(inputRequests).length > 0 ? await fulfil(inputRequests, round) : {};
    if (requestOptions.signal?.aborted) {
      throw new LocalError("cancelled", `${method} was cancelled between input rounds`, {
        cause: requestOptions.signal.reason,
      });
    }
    current = {
      ...base,
      ...(Object.keys(responses).length > 0 ? { inputResponses: responses } : {}),
      ...(typeof result.requestState === "string" ? { requestState: result.requestState } : {}),
    };
  }
}
