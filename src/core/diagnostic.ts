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

/** Whether two lists hold the same diagnostics in the same order (what a client was sent is what it would be sent now). */
export function sameDiagnostics(a: readonly CoreDiagnostic[], b: readonly CoreDiagnostic[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue; // kept from one version to the next (invalidIdDiagnostics)
    if (
      x.message !== y.message ||
      x.code !== y.code ||
      x.severity !== y.severity ||
      x.document !== y.document ||
      x.path !== y.path ||
      !sameRange(x.range, y.range) ||
      !sameJson(x.data, y.data)
    )
      return false;
  }
  return true;
}

/** Whether two ranges are the same. */
export function sameRange(a: Range, b: Range): boolean {
  return samePosition(a.start, b.start) && samePosition(a.end, b.end);
}

export function samePosition(a: Position, b: Position): boolean {
  return a.line === b.line && a.character === b.character;
}

/** Whether two JSON values (plain objects, arrays, strings, numbers, booleans, null) are the same. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(b, key) || !sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
}
