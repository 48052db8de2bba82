/** The standard meta-schemas built in (draft-07, 2020-12 and its vocabularies), so a `$ref` to one resolves without fetching. */
import { draft07MetaSchema } from "./meta/draft-07.js";
import { draft202012MetaSchemas } from "./meta/draft-2020-12.js";
import type { JsonSchema } from "./types.js";

let builtIn: Map<string, JsonSchema> | undefined;

/** The built-in meta-schema with this URI (no fragment), if any. */
export function builtInMetaSchema(uri: string): JsonSchema | undefined {
  builtIn ??= new Map([
    ["http://json-schema.org/draft-07/schema", draft07MetaSchema()],
    ...draft202012MetaSchemas(),
  ]);
  return builtIn.get(uri);
}

/** The standard meta-schema URIs, bundled or not: a `$ref` to one that is not bundled is reported as such. */
const metaSchemaPattern =
  /^https?:\/\/json-schema\.org\/(?:draft-0[3-7]\/schema|draft\/(?:2019-09|2020-12)\/(?:schema|meta\/[a-z-]+))$/;

export function isMetaSchemaUri(uri: string): boolean {
  return metaSchemaPattern.test(uri);
}
