// Plain JSON-like values walked by path: what building a request body needs of the settings tree.

import { encodeJsonPointer, type PathSegment, type YamlPath } from '../paths';
import { isRecord } from '../records';

/** A deep copy of `value` in which the values at the JSON pointers of `replacements` are replaced. */
export function cloneReplacing(value: unknown, path: PathSegment[], replacements: ReadonlyMap<string, unknown>): unknown {
  if (replacements.size > 0 && path.length > 0) {
    const pointer = encodeJsonPointer(path);
    if (replacements.has(pointer)) return replacements.get(pointer);
  }
  if (Array.isArray(value)) return value.map((item, i) => cloneReplacing(item, [...path, i], replacements));
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = cloneReplacing(v, [...path, k], replacements);
    return out;
  }
  return value;
}

/** Depth-first walk (iterative) calling `visit` on every value with its path. */
export function walk(value: unknown, base: PathSegment[], visit: (value: unknown, path: PathSegment[]) => void): void {
  const stack: Array<{ value: unknown; path: PathSegment[] }> = [{ value, path: base }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    visit(v, path);
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: [...path, i] });
    } else if (isRecord(v)) {
      for (const [key, value] of Object.entries(v).reverse()) stack.push({ value, path: [...path, key] });
    }
  }
}

/** The value at `path` in `root`, or `undefined`. */
export function valueAt(root: unknown, path: YamlPath): unknown {
  let current: unknown = root;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isRecord(current)) current = current[String(segment)];
    else return undefined;
  }
  return current;
}
