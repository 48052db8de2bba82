/** An error as reported by a compiled validator (the shape ajv's generated code produces). */
export interface CompiledValidatorError {
  readonly instancePath: string;
  readonly schemaPath: string;
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly message?: string;
}

/** A validator compiled ahead of time: returns whether the value is valid and leaves `errors` set. */
export interface CompiledValidator {
  (value: unknown): boolean;
  errors?: readonly CompiledValidatorError[] | null;
}
