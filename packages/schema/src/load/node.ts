/**
 * The validator loader on Node: a revision's validators (about 0.5 MB of code each) are loaded
 * synchronously the first time that revision is used, so importing the package stays cheap and a
 * process that speaks one revision never parses the other four.
 */
import { createRequire } from "node:module";
import type { CompiledValidator } from "../compiled-validator.js";
import type { Revision } from "../revisions.js";

const require = createRequire(import.meta.url);

/** The compiled validators of one revision (the caller has checked that it is a revision). */
export function loadValidators(revision: Revision): Readonly<Record<string, CompiledValidator>> {
  const loaded = require(`#validators/${revision}`) as {
    validators: Readonly<Record<string, CompiledValidator>>;
  };
  return loaded.validators;
}
