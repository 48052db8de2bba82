import type { Ajv } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";

/** The two Ajv engines the default output validator uses: draft-07 and 2020-12. */
export interface AjvClasses {
  readonly Ajv: typeof Ajv;
  readonly Ajv2020: typeof Ajv2020;
}
