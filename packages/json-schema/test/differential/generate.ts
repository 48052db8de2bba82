/** Random schemas and values over a small vocabulary, so generated values often hit the schemas' edges. */
import type { Random } from "./random.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = boolean | { [keyword: string]: Json };

const keys = ["a", "b", "c", "x-1"];
const strings = ["", "a", "ab", "abc", "b", "x-1", "💩", "aa💩"];
const numbers = [0, 1, 2, 3, -1, 0.5, 1.5, 2.5, 10];
const types = ["null", "boolean", "number", "integer", "string", "array", "object"];
const patterns = ["^a", "b$", "^[a-c]+$", "\\d", "^.$"];

export function randomValue(random: Random, depth = 0): Json {
  const kind = random.int(depth >= 3 ? 5 : 7);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random.chance(0.5);
    case 2:
    case 3:
      return random.pick(numbers);
    case 4:
      return random.pick(strings);
    case 5:
      return Array.from({ length: random.int(5) }, () => randomValue(random, depth + 1));
    default: {
      const value: { [key: string]: Json } = {};
      for (const key of random.some(keys, 4))
        if (random.chance(0.7)) value[key] = randomValue(random, depth + 1);
      return value;
    }
  }
}

/** A schema of a few keywords; `refs` names the $defs a $ref may point at. */
export function randomSchema(
  random: Random,
  depth: number,
  refs: readonly string[],
  draft07: boolean,
): Schema {
  if (random.chance(0.08)) return random.chance(0.6);
  const schema: { [keyword: string]: Json } = {};
  const sub = () => randomSchema(random, depth + 1, refs, draft07);
  const subs = () => Array.from({ length: 1 + random.int(3) }, sub);
  const count = 1 + random.int(depth === 0 ? 4 : 3);
  for (let i = 0; i < count; i++) {
    const deeper = depth < 2;
    switch (random.int(deeper ? 30 : 18)) {
      case 0:
        schema.type = random.chance(0.7) ? random.pick(types) : random.some(types, 3);
        break;
      case 1:
        schema.enum = random.some(
          [...numbers, ...strings.slice(0, 3), null, true, [1], { a: 1 }],
          4,
        ) as Json[];
        break;
      case 2:
        schema.const = randomValue(random, 2);
        break;
      case 3:
        schema[random.pick(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"])] =
          random.pick(numbers);
        break;
      case 4:
        schema.multipleOf = random.pick([2, 3, 0.5, 1]);
        break;
      case 5:
        schema[random.pick(["minLength", "maxLength"])] = random.int(4);
        break;
      case 6:
        schema.pattern = random.pick(patterns);
        break;
      case 7:
        schema[random.pick(["minItems", "maxItems"])] = random.int(4);
        break;
      case 8:
        schema.uniqueItems = random.chance(0.8);
        break;
      case 9:
        schema.required = random.some(keys, 2);
        break;
      case 10:
        schema[random.pick(["minProperties", "maxProperties"])] = random.int(4);
        break;
      case 11:
        schema.dependentRequired = { [random.pick(keys)]: random.some(keys, 2) };
        if (draft07) schema.dependencies = schema.dependentRequired as Json;
        break;
      case 12:
      case 13:
        if (refs.length > 0) schema.$ref = `#/$defs/${random.pick(refs)}`;
        break;
      case 14:
        schema.additionalProperties = random.chance(0.5) ? false : sub();
        break;
      case 15:
        schema.unevaluatedProperties = random.chance(0.6) ? false : sub();
        break;
      case 16:
        schema.unevaluatedItems = random.chance(0.6) ? false : sub();
        break;
      case 17:
        schema.propertyNames = { maxLength: random.int(3) };
        break;
      case 18:
      case 19: {
        const properties: { [key: string]: Json } = {};
        for (const key of random.some(keys, 3)) properties[key] = sub();
        schema.properties = properties;
        break;
      }
      case 20:
        schema.patternProperties = { [random.pick(patterns)]: sub() };
        break;
      case 21:
        if (draft07) schema.items = random.chance(0.5) ? sub() : subs();
        else schema.prefixItems = subs();
        break;
      case 22:
        schema.items = sub();
        if (draft07 && random.chance(0.5)) schema.additionalItems = sub();
        break;
      case 23:
        schema.contains = sub();
        if (random.chance(0.4)) schema.minContains = random.int(3);
        if (random.chance(0.4)) schema.maxContains = random.int(3);
        break;
      case 24:
        schema.allOf = subs();
        break;
      case 25:
        schema.anyOf = subs();
        break;
      case 26:
        schema.oneOf = subs();
        break;
      case 27:
        schema.not = sub();
        break;
      case 28:
        schema.if = sub();
        if (random.chance(0.7)) schema.then = sub();
        if (random.chance(0.7)) schema.else = sub();
        break;
      default:
        schema.dependentSchemas = { [random.pick(keys)]: sub() };
        break;
    }
  }
  // draft-07 ignores keywords beside $ref and ajv does not (see differential.test.ts): only $ref then.
  if (draft07 && typeof schema.$ref === "string") return { $ref: schema.$ref };
  return schema;
}

/** A whole document: a root with a couple of $defs (which may refer to each other, recursively). */
export function randomDocument(random: Random, draft07: boolean): Schema {
  const names = ["d0", "d1"];
  const defs: { [name: string]: Json } = {};
  for (const name of names) defs[name] = randomSchema(random, 1, names, draft07);
  const root = randomSchema(random, 0, names, draft07);
  if (typeof root === "boolean") return root;
  if (draft07) {
    const definitions = rewriteRefs(defs) as Json;
    return {
      $schema: "http://json-schema.org/draft-07/schema#",
      definitions,
      ...(rewriteRefs(root) as object),
    };
  }
  return { $defs: defs, ...root };
}

/** draft-07 documents keep their definitions under `definitions`. */
function rewriteRefs(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(rewriteRefs);
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string"
        ? value.replace("#/$defs/", "#/definitions/")
        : rewriteRefs(value),
    ]),
  );
}
