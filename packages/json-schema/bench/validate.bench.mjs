// Compile time and validations per second of @mcpkit/json-schema against ajv (with ajv-formats,
// as the server used it) on three typical tool schemas. Run after a build:
//   node bench/validate.bench.mjs
// Not a test: numbers depend on the machine. Each schema is cloned before every compile, since ajv
// caches compiled schemas by object.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { compileJsonSchema } from "../dist/index.js";

const schemas = {
  "weather (flat, enum, bounds)": {
    schema: {
      type: "object",
      properties: {
        city: { type: "string", minLength: 1, maxLength: 100 },
        units: { type: "string", enum: ["metric", "imperial"] },
        days: { type: "integer", minimum: 1, maximum: 14 },
      },
      required: ["city"],
      additionalProperties: false,
    },
    valid: { city: "Oslo", units: "metric", days: 3 },
    invalid: { city: "Oslo", days: 30 },
  },
  "create-issue (nested, formats, arrays)": {
    schema: {
      type: "object",
      properties: {
        title: { type: "string", minLength: 1 },
        body: { type: "string" },
        assignee: { type: "string", format: "email" },
        due: { type: "string", format: "date" },
        labels: {
          type: "array",
          items: { type: "string", pattern: "^[a-z-]+$" },
          uniqueItems: true,
          maxItems: 10,
        },
        links: {
          type: "array",
          items: {
            type: "object",
            properties: { url: { type: "string", format: "uri" } },
            required: ["url"],
          },
        },
      },
      required: ["title"],
      additionalProperties: false,
    },
    valid: {
      title: "Crash on start",
      body: "Steps…",
      assignee: "ada@example.com",
      due: "2026-12-01",
      labels: ["bug", "p-high"],
      links: [{ url: "https://example.com/a" }, { url: "https://example.com/b" }],
    },
    invalid: { title: "x", labels: ["bug", "bug"] },
  },
  "query (anyOf, $ref, recursion)": {
    schema: {
      $defs: {
        condition: {
          anyOf: [
            {
              type: "object",
              properties: { field: { type: "string" }, eq: { type: ["string", "number", "boolean"] } },
              required: ["field", "eq"],
              additionalProperties: false,
            },
            {
              type: "object",
              properties: { all: { type: "array", items: { $ref: "#/$defs/condition" } } },
              required: ["all"],
              additionalProperties: false,
            },
          ],
        },
      },
      type: "object",
      properties: {
        table: { type: "string" },
        where: { $ref: "#/$defs/condition" },
        limit: { type: "integer", minimum: 1, maximum: 1000 },
      },
      required: ["table"],
    },
    valid: {
      table: "users",
      where: { all: [{ field: "age", eq: 30 }, { all: [{ field: "active", eq: true }] }] },
      limit: 10,
    },
    invalid: { table: "users", where: { all: [{ field: "age" }] } },
  },
};

const ajv = new Ajv2020({ strict: false, allErrors: false, allowUnionTypes: true });
(addFormats.default ?? addFormats)(ajv);

function time(run, minMs = 300) {
  let count = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < minMs) {
    for (let i = 0; i < 100; i++) run();
    count += 100;
    elapsed = performance.now() - start;
  }
  return elapsed / count; // ms per run
}

const rows = [];
for (const [name, { schema, valid, invalid }] of Object.entries(schemas)) {
  const clone = () => structuredClone(schema);
  const ours = compileJsonSchema(schema, { formats: "assert" });
  const theirs = ajv.compile(clone());
  if (ours(valid) !== undefined || theirs(valid) !== true)
    throw new Error(`${name}: the valid value is not valid`);
  if (ours(invalid) === undefined || theirs(invalid) !== false)
    throw new Error(`${name}: the invalid value is valid`);
  const compileOurs = time(() => compileJsonSchema(clone(), { formats: "assert" }), 500);
  const compileAjv = time(() => ajv.compile(clone()), 500);
  // Warm both, then measure validation of a valid and an invalid value alternately.
  const validateOurs = time(() => {
    ours(valid);
    ours(invalid);
  });
  const validateAjv = time(() => {
    theirs(valid);
    theirs(invalid);
  });
  rows.push({
    schema: name,
    "compile ours (µs)": (compileOurs * 1000).toFixed(1),
    "compile ajv (µs)": (compileAjv * 1000).toFixed(1),
    "validate ours (/s)": Math.round(2000 / validateOurs).toLocaleString("en"),
    "validate ajv (/s)": Math.round(2000 / validateAjv).toLocaleString("en"),
  });
  ajv.removeSchema();
}
console.table(rows);
