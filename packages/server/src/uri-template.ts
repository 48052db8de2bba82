/** A variable's value in an RFC 6570 template: a string, a list, or (when exploded) key/value pairs. */
export type TemplateValue = string | readonly string[] | Readonly<Record<string, string>>;

/** Variables matched out of a URI: strings, or lists for list and exploded variables. */
export type TemplateVariables = Record<string, string | string[]>;

interface VarSpec {
  readonly name: string;
  readonly explode: boolean;
  readonly prefix: number | undefined;
}

interface Operator {
  readonly first: string;
  readonly sep: string;
  readonly named: boolean;
  readonly ifEmpty: string;
  readonly reserved: boolean;
}

type Part = string | { readonly op: Operator; readonly opChar: string; readonly vars: readonly VarSpec[] };

const operators: Readonly<Record<string, Operator>> = {
  "": { first: "", sep: ",", named: false, ifEmpty: "", reserved: false },
  "+": { first: "", sep: ",", named: false, ifEmpty: "", reserved: true },
  "#": { first: "#", sep: ",", named: false, ifEmpty: "", reserved: true },
  ".": { first: ".", sep: ".", named: false, ifEmpty: "", reserved: false },
  "/": { first: "/", sep: "/", named: false, ifEmpty: "", reserved: false },
  ";": { first: ";", sep: ";", named: true, ifEmpty: "", reserved: false },
  "?": { first: "?", sep: "&", named: true, ifEmpty: "=", reserved: false },
  "&": { first: "&", sep: "&", named: true, ifEmpty: "=", reserved: false },
};

// What each operator's expansion may contain when matching (lazy, so later parts get their share).
const bodies: Readonly<Record<string, string>> = {
  "": "[^/?#]*?",
  "+": "[^?#]*?",
  "#": ".*?",
  ".": "[^/?#]*?",
  "/": "[^?#]*?",
  ";": "[^/?#]*?",
  "?": "[^#]*?",
  "&": "[^#]*?",
};

function encode(value: string, reserved: boolean): string {
  const pattern = reserved ? /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/gu : /[^A-Za-z0-9\-._~]/gu;
  // encodeURIComponent leaves !'()* alone; RFC 6570 encodes them outside reserved expansion.
  return value.replace(pattern, (c) =>
    encodeURIComponent(c).replace(/[!'()*]/g, (m) => `%${m.charCodeAt(0).toString(16).toUpperCase()}`),
  );
}

function parse(template: string): Part[] {
  const parts: Part[] = [];
  let rest = template;
  while (rest.length > 0) {
    const open = rest.indexOf("{");
    if (open < 0) {
      parts.push(rest);
      break;
    }
    if (open > 0) parts.push(rest.slice(0, open));
    const close = rest.indexOf("}", open);
    if (close < 0) throw new SyntaxError(`unclosed expression in URI template ${JSON.stringify(template)}`);
    const body = rest.slice(open + 1, close);
    const opChar = /^[+#./;?&]/.test(body) ? (body[0] as string) : "";
    const vars = body
      .slice(opChar.length)
      .split(",")
      .map((spec): VarSpec => {
        const m = /^([A-Za-z0-9_.%]+)(?::(\d{1,4})|(\*))?$/.exec(spec);
        if (!m)
          throw new SyntaxError(
            `invalid variable ${JSON.stringify(spec)} in URI template ${JSON.stringify(template)}`,
          );
        return { name: m[1] as string, prefix: m[2] ? Number(m[2]) : undefined, explode: m[3] === "*" };
      });
    parts.push({ op: operators[opChar] as Operator, opChar, vars });
    rest = rest.slice(close + 1);
  }
  return parts;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function decode(text: string): string {
  return decodeURIComponent(text);
}

/**
 * An RFC 6570 URI template (levels 1 to 4): expands variables into a URI, and matches a URI back
 * into variables (the inverse, as far as a URI determines it).
 *
 * @example
 * ```ts
 * const t = new UriTemplate("file:///{+path}{?rev}");
 * t.expand({ path: "src/a b.ts", rev: "3" }); // "file:///src/a%20b.ts?rev=3"
 * t.match("file:///src/a%20b.ts?rev=3"); // { path: "src/a b.ts", rev: "3" }
 * t.match("http://elsewhere"); // undefined
 * ```
 */
export class UriTemplate {
  private readonly parts: readonly Part[];
  private readonly regex: RegExp;
  /** The names of the template's variables, in order. */
  readonly variables: readonly string[];

  constructor(readonly template: string) {
    this.parts = parse(template);
    this.variables = this.parts.flatMap((p) => (typeof p === "string" ? [] : p.vars.map((v) => v.name)));
    const source = this.parts
      .map((p) =>
        typeof p === "string" ? escapeRegExp(p) : `(?:${escapeRegExp(p.op.first)}(${bodies[p.opChar]}))?`,
      )
      .join("");
    this.regex = new RegExp(`^${source}$`, "u");
  }

  /** The URI for a set of variables; undefined variables (and empty lists) are left out. */
  expand(variables: Readonly<Record<string, TemplateValue | undefined>>): string {
    return this.parts
      .map((part) => {
        if (typeof part === "string") return part;
        const { op } = part;
        const pieces: string[] = [];
        for (const spec of part.vars) {
          const piece = expandVar(op, spec, variables[spec.name]);
          if (piece !== undefined) pieces.push(piece);
        }
        return pieces.length === 0 ? "" : op.first + pieces.join(op.sep);
      })
      .join("");
  }

  /** The variables a URI was expanded from, or undefined when the URI does not fit the template. */
  match(uri: string): TemplateVariables | undefined {
    const m = this.regex.exec(uri);
    if (!m) return undefined;
    const result: TemplateVariables = {};
    let group = 1;
    try {
      for (const part of this.parts) {
        if (typeof part === "string") continue;
        const body = m[group++];
        if (body === undefined) continue;
        if (part.op.named) readNamed(part.op, part.vars, body, result);
        else readPositional(part.op, part.vars, body, result);
      }
    } catch {
      return undefined; // a malformed percent-encoding
    }
    return result;
  }
}

function expandVar(op: Operator, spec: VarSpec, value: TemplateValue | undefined): string | undefined {
  if (value === undefined) return undefined;
  const enc = (s: string) => encode(s, op.reserved);
  const named = (text: string, empty: boolean) =>
    op.named ? (empty ? `${spec.name}${op.ifEmpty}` : `${spec.name}=${text}`) : text;
  if (typeof value === "string") {
    const text = spec.prefix === undefined ? value : [...value].slice(0, spec.prefix).join("");
    return named(enc(text), text === "");
  }
  const pairs: [string, string][] = Array.isArray(value)
    ? (value as readonly string[]).map((v) => ["", v])
    : Object.entries(value as Record<string, string>);
  if (pairs.length === 0) return undefined;
  const isList = Array.isArray(value);
  if (!spec.explode) {
    const joined = pairs.map(([k, v]) => (isList ? enc(v) : `${enc(k)},${enc(v)}`)).join(",");
    return named(joined, joined === "");
  }
  return pairs
    .map(([k, v]) => {
      if (isList)
        return op.named ? (v === "" ? `${spec.name}${op.ifEmpty}` : `${spec.name}=${enc(v)}`) : enc(v);
      return v === "" && op.named ? `${enc(k)}${op.ifEmpty}` : `${enc(k)}=${enc(v)}`;
    })
    .join(op.sep);
}

function assign(result: TemplateVariables, name: string, values: string[], list: boolean): void {
  const decoded = values.map(decode);
  result[name] = list || decoded.length > 1 ? decoded : (decoded[0] ?? "");
}

function readPositional(
  op: Operator,
  vars: readonly VarSpec[],
  body: string,
  result: TemplateVariables,
): void {
  const pieces = body.split(op.sep);
  if (vars.length === 1) {
    const spec = vars[0] as VarSpec;
    // A comma inside one value is encoded, so commas separate list items.
    const values = spec.explode ? pieces : op.sep === "," ? pieces : body.split(",");
    assign(result, spec.name, values, spec.explode);
    return;
  }
  vars.forEach((spec, i) => {
    if (spec.explode) assign(result, spec.name, pieces.slice(i), true);
    else if (i < pieces.length) assign(result, spec.name, [pieces[i] as string], false);
  });
}

function readNamed(op: Operator, vars: readonly VarSpec[], body: string, result: TemplateVariables): void {
  const known = new Map(vars.map((v) => [v.name, v]));
  const seen = new Map<string, string[]>();
  for (const item of body.split(op.sep)) {
    const eq = item.indexOf("=");
    const name = decode(eq < 0 ? item : item.slice(0, eq));
    const value = eq < 0 ? "" : item.slice(eq + 1);
    if (!known.has(name)) continue;
    seen.set(name, [...(seen.get(name) ?? []), value]);
  }
  for (const [name, values] of seen) {
    const spec = known.get(name) as VarSpec;
    const list = values.length > 1 || spec.explode;
    assign(
      result,
      name,
      values.length === 1 && !spec.explode ? (values[0] as string).split(",") : values,
      list,
    );
  }
}
