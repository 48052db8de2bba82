/**
 * Ajv outside Node (bundlers, Workers, browsers): imported up front, as a bundle needs it.
 */
import { Ajv } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { AjvModules } from "./types.js";

/** Ajv's engines and the formats plugin. */
export function loadAjv(): AjvModules {
  return { Ajv, Ajv2020, addFormats: unwrapDefault(addFormats) };
}

// ajv-formats is CommonJS: its default export arrives wrapped under some loaders.
function unwrapDefault(module: unknown): AjvModules["addFormats"] {
  return ((module as { default?: unknown }).default ?? module) as AjvModules["addFormats"];
}
