import type { JsonSchema } from "./dsl.js";

export type Definitions = Readonly<Record<string, JsonSchema>>;

/**
 * What one protocol revision changes relative to the revision before it. The base revision
 * (2024-11-05) lists every definition under `added`. The bundler checks that `added` names are
 * new, that `changed` and `removed` names existed before, and that every `$ref` resolves.
 */
export interface RevisionSource {
  readonly revision: string;
  readonly dialect: "draft-07" | "2020-12";
  /** One line per notable change, in our words. */
  readonly summary: readonly string[];
  readonly added: Definitions;
  readonly changed: Definitions;
  readonly removed: readonly string[];
}
