// The one diagnostic shape every checker in core/ produces. editor/ turns it into a
// vscode.Diagnostic and cli/ prints it; positions are 0-based, as in VS Code.

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export interface CoreDiagnostic {
  severity: Severity;
  /** Stable kebab-case code, documented in the README (e.g. `unknown-property`). */
  code: string;
  /** For people: names the field, says what is wrong and what is allowed. */
  message: string;
  /** 0-based index of the YAML document in the file. */
  document: number;
  /** JSON pointer of the node inside its document (`""` for the document itself). */
  path: string;
  range: Range;
  /** Machine-readable facts quick fixes need (suggested name, allowed values, ...). */
  data?: DiagnosticData;
}

export interface DiagnosticData {
  /** A close known property name, for `unknown-property`. */
  suggestion?: string;
  /** Allowed values, for `enum`-like diagnostics. */
  allowed?: readonly unknown[];
  /** Name of a missing required property. */
  missingProperty?: string;
  /** Default value from the schema, if any. */
  defaultValue?: unknown;
  /**
   * For `conditional-required`: the condition that makes the property required, in words
   * (`site.has_basic_auth is true`).
   */
  condition?: string;
  /** For `too-long`, `too-short`, `out-of-range`: the limit from the schema. */
  limit?: number;
  /** For `duplicate-id` / `duplicate-item`: index of the first occurrence in the same list. */
  firstIndex?: number;
  /** Free-form extra facts. */
  [key: string]: unknown;
}

export const DIAGNOSTIC_SOURCE = 'scan-targets';
