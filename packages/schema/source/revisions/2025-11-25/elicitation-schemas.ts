/**
 * 2025-11-25, the field schemas of an elicitation form. Enums are reworked: single-select
 * (`type: "string"`) and multi-select (`type: "array"`), each untitled (`enum`) or titled
 * (`oneOf`/`anyOf` of `{const, title}`); the 2025-06-18 `enum` + `enumNames` form survives as
 * `LegacyTitledEnumSchema`. Every primitive field may now have a `default`.
 */
import { anyOf, arr, doc, extend, int, lit, num, obj, opt, ref, str } from "../../dsl.js";
import type { Definitions } from "../../revision.js";
import { previous } from "./previous.js";

/** What every field schema may say about itself. */
const labels = { title: opt(str()), description: opt(str()) };

/** One titled choice. */
const titled = obj({ const: str(), title: str() });

/** What a multi-select field may add: bounds on how many are picked, and the default picks. */
const multi = { type: lit("array"), minItems: opt(int()), maxItems: opt(int()), default: opt(arr(str())) };

const untitledSingle = ref("UntitledSingleSelectEnumSchema");
const titledSingle = ref("TitledSingleSelectEnumSchema");
const untitledMulti = ref("UntitledMultiSelectEnumSchema");
const titledMulti = ref("TitledMultiSelectEnumSchema");
const legacy = ref("LegacyTitledEnumSchema");

export const added: Definitions = {
  UntitledSingleSelectEnumSchema: doc(
    "Pick one of plain strings.",
    obj({ type: lit("string"), ...labels, enum: arr(str()), default: opt(str()) }),
  ),
  TitledSingleSelectEnumSchema: doc(
    "Pick one of values shown by title.",
    obj({ type: lit("string"), ...labels, oneOf: arr(titled), default: opt(str()) }),
  ),
  UntitledMultiSelectEnumSchema: doc(
    "Pick any of plain strings.",
    obj({ ...multi, ...labels, items: obj({ type: lit("string"), enum: arr(str()) }) }),
  ),
  TitledMultiSelectEnumSchema: doc(
    "Pick any of values shown by title.",
    obj({ ...multi, ...labels, items: obj({ anyOf: arr(titled) }) }),
  ),
  LegacyTitledEnumSchema: doc(
    "The 2025-06-18 enum form, titles in `enumNames`; kept for compatibility.",
    extend(previous("EnumSchema"), { default: opt(str()) }),
  ),
  SingleSelectEnumSchema: anyOf(untitledSingle, titledSingle),
  MultiSelectEnumSchema: anyOf(untitledMulti, titledMulti),
};

export const changed: Definitions = {
  StringSchema: extend(previous("StringSchema"), { default: opt(str()) }),
  NumberSchema: extend(previous("NumberSchema"), { default: opt(num()) }),
  EnumSchema: anyOf(untitledSingle, titledSingle, untitledMulti, titledMulti, legacy),
  PrimitiveSchemaDefinition: anyOf(
    ref("StringSchema"),
    ref("NumberSchema"),
    ref("BooleanSchema"),
    untitledSingle,
    titledSingle,
    untitledMulti,
    titledMulti,
    legacy,
  ),
};
