/** The standard meta-schema URIs: a `$ref` to one is reported as such, since none is bundled. */
const metaSchemaPattern =
  /^https?:\/\/json-schema\.org\/(?:draft-0[3-7]\/schema|draft\/(?:2019-09|2020-12)\/(?:schema|meta\/[a-z-]+))$/;

export function isMetaSchemaUri(uri: string): boolean {
  return metaSchemaPattern.test(uri);
}
