import { hasCapability, LocalError, missingClientCapability } from "@mcpkit/core";
import { methodInfo } from "@mcpkit/schema";
import type { JsonObject, Params, RequestContext } from "@mcpkit/core";

/** Asks the client for input: elicitation, sampling or roots. */
export type Ask = (method: string, params: Params) => Promise<JsonObject>;

/** Thrown inside a handler (stateless era) to end this run with an `input_required` round. */
class InputNeeded extends Error {
  constructor(
    readonly key: string,
    readonly request: JsonObject,
  ) {
    super("the handler needs input from the client; it runs again with the answer");
  }
}

/** Whether an error is the stateless era's "input needed" signal (handlers that catch errors must rethrow it). */
export function isInputNeeded(error: unknown): boolean {
  return error instanceof InputNeeded;
}

/** Whether a sampling request offers the model tools (`tools` or `toolChoice`, 2025-11-25 and later). */
function usesTools(params: Params): boolean {
  return params.tools !== undefined || params.toolChoice !== undefined;
}

/** The client capability an input request needs, checked before anything goes on the wire. */
function requiredCapability(
  method: string,
  params: Params,
  client: Record<string, unknown> | undefined,
): string | undefined {
  if (method === "sampling/createMessage") return usesTools(params) ? "sampling.tools" : "sampling";
  if (method === "roots/list") return "roots";
  if (method === "elicitation/create") {
    if (params.mode === "url") return "elicitation.url";
    // `elicitation: {}` means form only; `{ url: {} }` alone means URL only.
    const declared = client?.elicitation;
    const urlOnly =
      typeof declared === "object" && declared !== null && "url" in declared && !("form" in declared);
    return urlOnly ? "elicitation.form" : "elicitation";
  }
  return undefined;
}

function checkAsk(ctx: RequestContext, method: string, params: Params): void {
  if (!methodInfo(ctx.revision, method)) {
    throw new LocalError("method_unavailable", `${method} is not part of revision ${ctx.revision}`);
  }
  if (method === "elicitation/create" && params.mode === "url" && ctx.revision < "2025-11-25") {
    throw new LocalError(
      "method_unavailable",
      `URL elicitation needs revision 2025-11-25 or later (this client speaks ${ctx.revision})`,
    );
  }
  if (method === "sampling/createMessage" && usesTools(params) && ctx.revision < "2025-11-25") {
    throw new LocalError(
      "method_unavailable",
      `sampling with tools needs revision 2025-11-25 or later (this client speaks ${ctx.revision})`,
    );
  }
  const capability = requiredCapability(
    method,
    params,
    ctx.peer.capabilities as Record<string, unknown> | undefined,
  );
  // A session continued without its client's capabilities (a sessionless endpoint) leaves the
  // decision to the transport, which refuses what it cannot carry.
  const unknown = ctx.era === "session" && ctx.peer.capabilities === undefined;
  if (capability && !unknown && !hasCapability(ctx.peer.capabilities, capability)) {
    // Stateless era: the request's envelope lacked it, which the protocol answers with -32021.
    if (ctx.era !== "session") throw missingClientCapability(capability);
    throw new LocalError(
      "capability_missing",
      `the client did not declare the "${capability}" capability, so ${method} cannot be sent to it`,
    );
  }
}

/** The stateless era's collected answers, carried (sealed) in `requestState` across rounds. */
interface RoundState {
  readonly a: Record<string, JsonObject>;
}

/**
 * Runs a handler so that its `ask` calls work in both eras: in the session era each is a request to
 * the client; in the stateless era the first unanswered one ends the run with an `input_required`
 * result, and the handler runs again from the start with every answer so far (so handlers must ask
 * in the same order each time). Questions asked together (`await Promise.all([ctx.elicit(a),
 * ctx.sample(b)])`) are all asked before the first one fails, so they share one round: its
 * `inputRequests` holds each of them.
 */
export function runWithInput(
  ctx: RequestContext,
  run: (ask: Ask) => JsonObject | Promise<JsonObject>,
): JsonObject | Promise<JsonObject> {
  // Not `async` for the session era: the handler's own answer goes back as it is (at once, if it has one).
  if (ctx.era === "session") {
    return run(async (method, params) => {
      checkAsk(ctx, method, params);
      return ctx.sendRequest(method, params);
    });
  }
  return runInRounds(ctx, run);
}

/** The stateless era's side of {@link runWithInput}. */
async function runInRounds(
  ctx: RequestContext,
  run: (ask: Ask) => JsonObject | Promise<JsonObject>,
): Promise<JsonObject> {
  const round = ctx.input;
  if (!round) {
    return run(async (method, params) => {
      checkAsk(ctx, method, params);
      throw new LocalError(
        "method_unavailable",
        `${ctx.method} cannot ask the client for input in the stateless era (only tools/call, prompts/get and resources/read can)`,
      );
    });
  }
  const prior = (round.state as RoundState | undefined)?.a ?? {};
  const answers: Record<string, JsonObject> = { ...prior, ...round.responses };
  let asked = 0;
  // Every unanswered question of this run: those asked together (`Promise.all`) share one round.
  const needed: Record<string, JsonObject> = {};
  try {
    return await run(async (method, params) => {
      checkAsk(ctx, method, params);
      const key = `input-${++asked}`;
      const answer = answers[key];
      if (answer) return answer;
      const request = { method, params };
      needed[key] = request;
      throw new InputNeeded(key, request);
    });
  } catch (error) {
    if (!(error instanceof InputNeeded)) throw error;
    const state: RoundState = { a: answers };
    return round.inputRequired(needed, state);
  }
}
