/** One reason a value failed validation. */
export interface ValidationIssue {
  /** JSON pointer (RFC 6901) to the offending value inside the validated value; "" for the root. */
  readonly pointer: string;
  /** The JSON Schema keyword that failed, e.g. `required`, `type`, `const`, `enum`, `anyOf`. */
  readonly keyword: string;
  /** A short human-readable message, e.g. `must have required property 'name'`. */
  readonly message: string;
  /** Where the failing keyword sits, relative to the innermost definition being checked (e.g. `#/properties/name/type`). */
  readonly schemaPath: string;
  /** Keyword-specific details (ajv's `params`), e.g. `{ missingProperty: "name" }`. */
  readonly params: Readonly<Record<string, unknown>>;
}

/** The outcome of validating a value: `ok`, or the first issues found. */
export type ValidationResult =
  | { readonly ok: true }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };
