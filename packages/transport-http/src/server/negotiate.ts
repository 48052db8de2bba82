import { MediaType } from "../shared/headers.js";

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

export function answerForms(accept: string | null): AnswerForms {
  return { json: accepts(accept, MediaType.json), sse: accepts(accept, MediaType.sse) };
}

/** Whether a `Content-Type` header is `application/json` (parameters such as charset allowed). */
export function isJsonContentType(contentType: string | null): boolean {
  return contentType?.split(";")[0]?.trim().toLowerCase() === MediaType.json;
}
