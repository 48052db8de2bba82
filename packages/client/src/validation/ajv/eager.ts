/**
 * Ajv outside Node (bundlers, Workers, browsers): imported up front, as a bundle needs it.
 */
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { AjvClasses } from "./types.js";

/** The Ajv classes. */
export function loadAjv(): AjvClasses {
  return { Ajv, Ajv2020 };
}
