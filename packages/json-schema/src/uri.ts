/** URI references resolved as RFC 3986 section 5 says, without `URL`: it rejects `urn:` bases. */

interface UriParts {
  scheme: string | undefined;
  authority: string | undefined;
  path: string;
  query: string | undefined;
  fragment: string | undefined;
}

const uriPattern = /^(?:([A-Za-z][A-Za-z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s;

function parse(reference: string): UriParts {
  const match = uriPattern.exec(reference) as RegExpExecArray;
  return { scheme: match[1], authority: match[2], path: match[3] ?? "", query: match[4], fragment: match[5] };
}

function format(parts: UriParts): string {
  let out = parts.scheme === undefined ? "" : `${parts.scheme}:`;
  if (parts.authority !== undefined) out += `//${parts.authority}`;
  out += parts.path;
  if (parts.query !== undefined) out += `?${parts.query}`;
  if (parts.fragment !== undefined) out += `#${parts.fragment}`;
  return out;
}

function removeDotSegments(path: string): string {
  const output: string[] = [];
  const segments = path.split("/");
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i] as string;
    const last = i === segments.length - 1;
    if (segment === ".") {
      if (last) output.push("");
    } else if (segment === "..") {
      if (output.length > 1) output.pop();
      if (last) output.push("");
    } else {
      output.push(segment);
    }
  }
  return output.join("/");
}

function merge(base: UriParts, path: string): string {
  if (base.authority !== undefined && base.path === "") return `/${path}`;
  const slash = base.path.lastIndexOf("/");
  return slash < 0 ? path : base.path.slice(0, slash + 1) + path;
}

/** The absolute form of `reference` against `base`. */
export function resolveUri(base: string, reference: string): string {
  const ref = parse(reference);
  const from = parse(base);
  const target: UriParts = {
    scheme: undefined,
    authority: undefined,
    path: "",
    query: undefined,
    fragment: ref.fragment,
  };
  if (ref.scheme !== undefined) {
    Object.assign(target, {
      scheme: ref.scheme,
      authority: ref.authority,
      path: removeDotSegments(ref.path),
    });
    target.query = ref.query;
  } else if (ref.authority !== undefined) {
    Object.assign(target, {
      scheme: from.scheme,
      authority: ref.authority,
      path: removeDotSegments(ref.path),
    });
    target.query = ref.query;
  } else {
    target.scheme = from.scheme;
    target.authority = from.authority;
    if (ref.path === "") {
      target.path = from.path;
      target.query = ref.query ?? from.query;
    } else {
      target.path = removeDotSegments(ref.path.startsWith("/") ? ref.path : merge(from, ref.path));
      target.query = ref.query;
    }
  }
  return format(target);
}

/** A URI split at its `#`: the resource it names and the fragment (undefined without `#`). */
export function splitFragment(uri: string): {
  readonly resource: string;
  readonly fragment: string | undefined;
} {
  const hash = uri.indexOf("#");
  return hash < 0
    ? { resource: uri, fragment: undefined }
    : { resource: uri.slice(0, hash), fragment: uri.slice(hash + 1) };
}
