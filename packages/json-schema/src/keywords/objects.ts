/** Keywords for objects: size, required names, dependencies, propertyNames, and the property schemas. */
import { addProperty, type Check, type CompiledNode, descend, isObject, issue } from "../internal.js";
import { escapeToken } from "../pointer.js";
import { nonNegativeInteger, regex, type SchemaSite, schemaMap, stringList } from "../site.js";
import type { JsonSchemaRegex } from "../types.js";

function sizeChecks(site: SchemaSite, checks: Check[]): void {
  const max = nonNegativeInteger(site, "maxProperties");
  if (max !== undefined) {
    const path = site.path("maxProperties");
    const message = `must NOT have more than ${max} properties`;
    checks.push((value) =>
      isObject(value) && Object.keys(value).length > max ? issue("maxProperties", path, message) : undefined,
    );
  }
  const min = nonNegativeInteger(site, "minProperties");
  if (min !== undefined) {
    const path = site.path("minProperties");
    const message = `must NOT have fewer than ${min} properties`;
    checks.push((value) =>
      isObject(value) && Object.keys(value).length < min ? issue("minProperties", path, message) : undefined,
    );
  }
}

function requiredCheck(site: SchemaSite, checks: Check[]): void {
  const names = stringList(site, "required");
  if (!names || names.length === 0) return;
  const path = site.path("required");
  checks.push((value) => {
    if (!isObject(value)) return undefined;
    for (const name of names)
      if (!Object.hasOwn(value, name)) return issue("required", path, "is required", `/${escapeToken(name)}`);
    return undefined;
  });
}

/** dependentRequired (and the array form of draft-07 `dependencies`): when a name is present, so must these be. */
function dependentRequiredCheck(
  site: SchemaSite,
  keyword: string,
  entries: [string, string[]][],
  checks: Check[],
) {
  if (entries.length === 0) return;
  const path = site.path(keyword);
  checks.push((value) => {
    if (!isObject(value)) return undefined;
    for (const [name, needed] of entries) {
      if (!Object.hasOwn(value, name)) continue;
      for (const other of needed) {
        if (!Object.hasOwn(value, other)) {
          return issue(
            keyword,
            `${path}/${escapeToken(name)}`,
            `is required when ${name} is present`,
            `/${escapeToken(other)}`,
          );
        }
      }
    }
    return undefined;
  });
}

/** dependentSchemas (and the schema form of draft-07 `dependencies`): when a name is present, the object must match. */
function dependentSchemasCheck(entries: [string, CompiledNode][], checks: Check[]) {
  if (entries.length === 0) return;
  checks.push((value, context, annotations) => {
    if (!isObject(value)) return undefined;
    for (const [name, node] of entries) {
      if (!Object.hasOwn(value, name)) continue;
      const found = node.validate(value, context, annotations);
      if (found) return found;
    }
    return undefined;
  });
}

/**
 * draft-07 `dependencies`: arrays of names and schemas mixed. 2020-12 split it into
 * dependentRequired and dependentSchemas but its meta-schema still defines it, and the official
 * suite expects it honoured there too, so it is read in both dialects.
 */
function dependenciesCheck(site: SchemaSite, checks: Check[]): void {
  const dependencies = site.schema.dependencies;
  if (dependencies === undefined) return;
  if (!isObject(dependencies)) site.fail("dependencies", "must be an object");
  const names: [string, string[]][] = [];
  const schemas: [string, CompiledNode][] = [];
  for (const [name, dependency] of Object.entries(dependencies)) {
    if (Array.isArray(dependency)) names.push([name, stringList(site, "dependencies", dependency) ?? []]);
    else schemas.push([name, site.sub(dependency, "dependencies", name)]);
  }
  if (site.validation) dependentRequiredCheck(site, "dependencies", names, checks);
  dependentSchemasCheck(schemas, checks);
}

function dependencyChecks(site: SchemaSite, checks: Check[]): void {
  dependenciesCheck(site, checks);
  if (site.dialect === "draft-07") return;
  const required = site.validation ? site.schema.dependentRequired : undefined;
  if (required !== undefined) {
    if (!isObject(required)) site.fail("dependentRequired", "must be an object of string arrays");
    const entries = Object.entries(required).map(([name, list]): [string, string[]] => [
      name,
      stringList(site, "dependentRequired", list) ?? [],
    ]);
    dependentRequiredCheck(site, "dependentRequired", entries, checks);
  }
  dependentSchemasCheck(schemaMap(site, "dependentSchemas") ?? [], checks);
}

function propertyNamesCheck(site: SchemaSite, checks: Check[]): void {
  if (site.schema.propertyNames === undefined) return;
  const names = site.sub(site.schema.propertyNames, "propertyNames");
  checks.push((value, context) => {
    if (!isObject(value)) return undefined;
    for (const name of Object.keys(value)) {
      const found = names.validate(name, context, undefined);
      if (found) {
        found.message = `property name ${JSON.stringify(name)} is invalid: ${found.message}`;
        return found;
      }
    }
    return undefined;
  });
}

/** properties, patternProperties and additionalProperties: one pass over the object's own names. */
function propertyChecks(site: SchemaSite, checks: Check[]): void {
  const properties = schemaMap(site, "properties") ?? [];
  const named = new Map(properties);
  const patternSource = site.schema.patternProperties;
  if (patternSource !== undefined && !isObject(patternSource))
    site.fail("patternProperties", "must be an object of schemas");
  const patterns = Object.entries(patternSource ?? {}).map(
    ([source, sub]): [JsonSchemaRegex, CompiledNode] => [
      regex(site, "patternProperties", source),
      site.sub(sub, "patternProperties", source),
    ],
  );
  const additionalSource = site.schema.additionalProperties;
  const additional =
    additionalSource === undefined ? undefined : site.sub(additionalSource, "additionalProperties");
  if (properties.length === 0 && patterns.length === 0 && !additional) return;
  const additionalPath = site.path("additionalProperties");
  const additionalIsFalse = additionalSource === false;

  const names = properties.map(([name]) => name);
  const nodes = properties.map(([, node]) => node);
  if (patterns.length === 0) {
    // The common case: named properties looked up directly; the object's keys are listed only
    // when it has more than those (for additionalProperties).
    checks.push((value, context, annotations) => {
      if (!isObject(value)) return undefined;
      let present = 0;
      for (let i = 0; i < names.length; i++) {
        const name = names[i] as string;
        if (!Object.hasOwn(value, name)) continue;
        present++;
        const found = descend(nodes[i] as CompiledNode, value[name], context, name);
        if (found) return found;
        if (annotations) addProperty(annotations, name);
      }
      if (!additional) return undefined;
      const keys = Object.keys(value);
      if (keys.length === present) return undefined;
      for (const name of keys) {
        if (named.has(name)) continue;
        if (additionalIsFalse) {
          const pointer = `/${escapeToken(name)}`;
          return issue(
            "additionalProperties",
            additionalPath,
            "is not allowed by additionalProperties",
            pointer,
          );
        }
        const found = descend(additional, value[name], context, name);
        if (found) return found;
        if (annotations) addProperty(annotations, name);
      }
      return undefined;
    });
    return;
  }
  checks.push((value, context, annotations) => {
    if (!isObject(value)) return undefined;
    for (const name of Object.keys(value)) {
      let matched = false;
      const node = named.get(name);
      if (node) {
        matched = true;
        const found = descend(node, value[name], context, name);
        if (found) return found;
      }
      for (const [pattern, patternNode] of patterns) {
        if (!pattern.test(name)) continue;
        matched = true;
        const found = descend(patternNode, value[name], context, name);
        if (found) return found;
      }
      if (!matched && additional) {
        if (additionalIsFalse) {
          return issue(
            "additionalProperties",
            additionalPath,
            "is not allowed by additionalProperties",
            `/${escapeToken(name)}`,
          );
        }
        const found = descend(additional, value[name], context, name);
        if (found) return found;
        matched = true;
      }
      if (matched && annotations) addProperty(annotations, name);
    }
    return undefined;
  });
}

export function compileObjectKeywords(site: SchemaSite, checks: Check[]): void {
  if (site.validation) {
    sizeChecks(site, checks);
    requiredCheck(site, checks);
  }
  dependencyChecks(site, checks);
  propertyNamesCheck(site, checks);
  propertyChecks(site, checks);
}
