/** The formats checked when formats are asserted; any other format name is ignored. */
import { isDate, isDateTime, isDuration, isTime } from "./dates.js";
import { isHostname, isIdnHostname } from "./hostnames.js";
import { isEmail, isIdnEmail, isIpv4, isIpv6 } from "./network.js";
import { isIri, isIriReference, isUri, isUriReference, isUriTemplate } from "./uris.js";

function isRegex(text: string): boolean {
  try {
    new RegExp(text, "u");
    return true;
  } catch {
    return false;
  }
}

export const formatChecks: ReadonlyMap<string, (text: string) => boolean> = new Map([
  ["date-time", isDateTime],
  ["date", isDate],
  ["time", isTime],
  ["duration", isDuration],
  ["email", isEmail],
  ["idn-email", isIdnEmail],
  ["hostname", isHostname],
  ["idn-hostname", isIdnHostname],
  ["ipv4", isIpv4],
  ["ipv6", isIpv6],
  ["uri", isUri],
  ["uri-reference", isUriReference],
  ["iri", isIri],
  ["iri-reference", isIriReference],
  ["uri-template", isUriTemplate],
  ["uuid", (text: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text)],
  ["regex", isRegex],
  ["json-pointer", (text: string) => /^(?:\/(?:[^~/]|~[01])*)*$/.test(text)],
  ["relative-json-pointer", (text: string) => /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~[01])*)*)$/.test(text)],
]);
