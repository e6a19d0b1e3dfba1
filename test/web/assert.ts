// `assert` for the browser suite (scripts/run-web-tests.mjs bundles this in place of Node's
// `assert` and `node:assert/strict`): the calls the shared tests make, with Node's meaning.

export class AssertionError extends Error {
  override name = 'AssertionError';
}

const shown = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

export function ok(value: unknown, message?: string): asserts value {
  if (!value) throw new AssertionError(message ?? `expected a truthy value, got ${shown(value)}`);
}

export function strictEqual<T>(actual: unknown, expected: T, message?: string): asserts actual is T {
  if (!Object.is(actual, expected)) throw new AssertionError(message ?? `expected ${shown(expected)}, got ${shown(actual)}`);
}

export function notStrictEqual(actual: unknown, expected: unknown, message?: string): void {
  if (Object.is(actual, expected)) throw new AssertionError(message ?? `expected a value other than ${shown(expected)}`);
}

/** Node's strict deep equality for the values tests compare: primitives, arrays and plain objects. */
function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => Object.prototype.hasOwnProperty.call(b, key) && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

export function deepStrictEqual<T>(actual: unknown, expected: T, message?: string): asserts actual is T {
  if (!deepEqual(actual, expected)) throw new AssertionError(message ?? `expected ${shown(expected)}, got ${shown(actual)}`);
}

export function match(text: string, pattern: RegExp, message?: string): void {
  if (!pattern.test(text)) throw new AssertionError(message ?? `expected ${shown(text)} to match ${String(pattern)}`);
}

export function doesNotMatch(text: string, pattern: RegExp, message?: string): void {
  if (pattern.test(text)) throw new AssertionError(message ?? `expected ${shown(text)} not to match ${String(pattern)}`);
}

export default { AssertionError, ok, strictEqual, notStrictEqual, deepStrictEqual, match, doesNotMatch };
