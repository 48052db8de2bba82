/// <reference types="node" />
/**
 * Ajv on Node: required the first time a tool's JSON Schema is compiled, so importing the server
 * does not pay for Ajv (about 40 ms) before it is needed.
 */
import { createRequire } from "node:module";
import type { AjvModules } from "./types.js";

const require = createRequire(import.meta.url);

/** Ajv's engines and the formats plugin, loaded on first call (Node caches the modules). */
export function loadAjv(): AjvModules {
  const { Ajv } = require("ajv") as typeof import("ajv");
  const { Ajv2020 } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  const addFormats = require("ajv-formats") as { default: AjvModules["addFormats"] };
  return { Ajv, Ajv2020, addFormats: addFormats.default };
}
