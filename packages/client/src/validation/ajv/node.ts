/// <reference types="node" />
/**
 * Ajv on Node: required the first time a tool's output schema is checked, so importing the
 * client does not pay for Ajv (about 40 ms) in processes that never check one.
 */
import { createRequire } from "node:module";
import type { AjvClasses } from "./types.js";

const require = createRequire(import.meta.url);

/** The Ajv classes, loaded on first call (Node caches the modules). */
export function loadAjv(): AjvClasses {
  const { Ajv } = require("ajv") as typeof import("ajv");
  const { Ajv2020 } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  return { Ajv, Ajv2020 };
}
