import type { Ajv } from "ajv";
import type { Ajv2020 } from "ajv/dist/2020.js";

/** What compiling tool schemas needs: both Ajv engines and the formats plugin. */
export interface AjvModules {
  readonly Ajv: typeof Ajv;
  readonly Ajv2020: typeof Ajv2020;
  readonly addFormats: (ajv: Ajv | Ajv2020) => void;
}
