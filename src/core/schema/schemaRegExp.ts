// The schema's `pattern`s and `patternProperties` keys as regular expressions, compiled once.
// Shared by the navigator (property lookup) and condition matching; a pattern JavaScript cannot
// compile reads as absent rather than throwing.

const regExps = new Map<string, RegExp | undefined>();

/** `pattern` compiled with `flags` (memoized); `undefined` when it does not compile. */
export function safeRegExp(pattern: string, flags = ''): RegExp | undefined {
  const key = `${flags}/${pattern}`;
  if (!regExps.has(key)) {
    let re: RegExp | undefined;
    try {
      re = new RegExp(pattern, flags);
    } catch {
      re = undefined;
    }
    regExps.set(key, re);
  }
  return regExps.get(key);
}
