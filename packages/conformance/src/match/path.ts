/** A location inside a JSON value: object keys and array indexes from the root. */
export type JsonPath = readonly (string | number)[];

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/** `$.result.tools[0]["odd key"]` */
export function formatPath(path: JsonPath): string {
  let text = "$";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) text += `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
