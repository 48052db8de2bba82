import { truncateEcho } from "../echo.js";
import { ErrorCode } from "../jsonrpc/codes.js";

/**
 * The `data` of a -32020 HeaderMismatch error: the header at fault (as the specification spells
 * it), what the body says it should be (absent when the body has no value), and what arrived
 * (absent when the header is missing).
 */
export interface HeaderMismatchData {
  readonly header: string;
  readonly expected?: string;
  readonly received?: string;
}

/** A stateless-era header problem: answered with HTTP 400 and JSON-RPC -32020. */
export interface HeaderMismatch {
  readonly code: typeof ErrorCode.HeaderMismatch;
  readonly message: string;
  readonly data: HeaderMismatchData;
}

function mismatch(message: string, header: string, expected?: string, received?: string): HeaderMismatch {
  return {
    code: ErrorCode.HeaderMismatch,
    message: `Header mismatch: ${message}`,
    data: {
      header,
      ...(expected === undefined ? {} : { expected: truncateEcho(expected) }),
      ...(received === undefined ? {} : { received: truncateEcho(received) }),
    },
  };
}

/**
 * The builders of every -32020 this project sends, so the HTTP endpoint and the server's
 * `Mcp-Param-*` check word them the same way.
 *
 * @example
 * ```ts
 * HeaderMismatches.missing("Mcp-Param-Region", "us-west1");
 * // { code: -32020, message: "Header mismatch: required header Mcp-Param-Region is missing",
 * //   data: { header: "Mcp-Param-Region", expected: "us-west1" } }
 * ```
 */
export const HeaderMismatches = {
  /** The header is required (the body has a value for it) but was not sent. */
  missing: (header: string, expected?: string): HeaderMismatch =>
    mismatch(`required header ${header} is missing`, header, expected),
  /** The header (decoded) and the body disagree. */
  differs: (header: string, received: string, expected: string): HeaderMismatch =>
    mismatch(
      `${header} header value '${truncateEcho(received)}' does not match body value '${truncateEcho(expected)}'`,
      header,
      expected,
      received,
    ),
  /** The header is a `=?base64?…?=` wrapper whose content is not valid base64 or UTF-8. */
  badEncoding: (header: string, received: string, expected?: string): HeaderMismatch =>
    mismatch(
      `${header} header value '${truncateEcho(received)}' is not valid =?base64?…?= encoding`,
      header,
      expected,
      received,
    ),
  /** The header was sent but the body has no value for it. */
  unexpected: (header: string, received: string): HeaderMismatch =>
    mismatch(`${header} header was sent but the body has no value for it`, header, undefined, received),
} as const;
