import { MediaType } from "../shared/headers.js";
import type { JsonResponse } from "./options.js";
import type { AnswerMode } from "./request-stream.js";

/** The media types of an `Accept` header that are not refused with `q=0`. */
function acceptedRanges(accept: string): string[] {
  const ranges: string[] = [];
  for (const part of accept.split(",")) {
    const [range = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    const refused = params.some((p) => /^q=0(\.0{0,3})?$/.test(p));
    if (range !== "" && !refused) ranges.push(range);
  }
  return ranges;
}

/** Whether an `Accept` header (absent: anything) admits `type`. */
export function accepts(accept: string | null, type: string): boolean {
  if (accept === null || accept.trim() === "") return true;
  const [major] = type.split("/");
  return acceptedRanges(accept).some((r) => r === type || r === "*/*" || r === `${major}/*`);
}

/** What a POST's `Accept` header lets the server answer a request with. */
export interface AnswerForms {
  readonly json: boolean;
  readonly sse: boolean;
}

/** Forms by `Accept` header seen lately: a client sends the same header with every POST. */
const formsSeen = new Map<string | null, AnswerForms>();
const MAX_FORMS_SEEN = 32;

export function answerForms(accept: string | null): AnswerForms {
  const known = formsSeen.get(accept);
  if (known !== undefined) return known;
  const forms = { json: accepts(accept, MediaType.json), sse: accepts(accept, MediaType.sse) };
  if (formsSeen.size >= MAX_FORMS_SEEN) formsSeen.clear();
  formsSeen.set(accept, forms);
  return forms;
}

/** Whether a `Content-Type` header is `application/json` (parameters such as charset allowed). */
export function isJsonContentType(contentType: string | null): boolean {
  if (contentType === MediaType.json) return true;
  return contentType?.split(";")[0]?.trim().toLowerCase() === MediaType.json;
}

/**
 * How to answer a POST holding requests, given the endpoint's `jsonResponse` option and what the
 * client accepts: the only form it takes, else the option's (`true` JSON, `false` SSE,
 * `"when-ready"` whichever fits once the engine has answered or not; JSON when `pollsOnly`, the
 * POST holding only `tasks/get` requests).
 */
export function answerMode(jsonResponse: JsonResponse, forms: AnswerForms, pollsOnly = false): AnswerMode {
  if (!forms.sse) return "json";
  if (!forms.json) return "sse";
  // A client polling with tasks/get asked not to be streamed to (2025-11-25 tasks: servers
  // SHOULD NOT upgrade it to SSE), even when the answer takes a shared store's round trip.
  if (jsonResponse === "when-ready") return pollsOnly ? "json" : "when-ready";
  return jsonResponse ? "json" : "sse";
}
