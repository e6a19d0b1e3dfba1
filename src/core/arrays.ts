// `target.push(...items)` passes every item as an argument: past about 100,000 items (a file with
// that many problems, rejected ids or edits) it overflows the stack. This appends in a loop.
export function pushAll<T>(target: T[], items: readonly T[]): T[] {
  for (const item of items) target.push(item);
  return target;
}

/**
 * How many different non-empty strings `values` holds: the ids a bulk update of a list would send
 * (bulk/ids.ts isUsableId), counted where a document is read (yaml/fastDocuments.ts) and where its
 * lens is made (bulk/lenses.ts).
 */
export function distinctStrings(values: readonly unknown[]): number {
  if (values.length === 1) return typeof values[0] === 'string' && values[0] !== '' ? 1 : 0;
  const strings = new Set<string>();
  for (const value of values) if (typeof value === 'string' && value !== '') strings.add(value);
  return strings.size;
}

/** `array.splice(at, remove, ...items)`, in place, without spreading a long `items` onto the stack. */
export function spliceIn<T>(array: T[], at: number, remove: number, items: readonly T[]): void {
  if (items.length < 4096) {
    array.splice(at, remove, ...items);
    return;
  }
  const tail = array.slice(at + remove);
  array.length = at;
  pushAll(array, items);
  pushAll(array, tail);
}

/**
 * How many of the first items of `items` pass `test`, which holds for a leading part of them and
 * for none after it (a binary search: items in order, tested by a bound).
 */
export function leadingCount<T>(items: readonly T[], test: (item: T) => boolean): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (test(items[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Adds `delta` to `numbers[from...]`, in place. */
export function shiftFrom(numbers: number[], from: number, delta: number): void {
  if (delta === 0) return;
  for (let n = from; n < numbers.length; n++) numbers[n]! += delta;
}

/** Up to this many values are looked for by `indexOf`, one native scan each; more, in one pass. */
const FEW_VALUES = 8;

/**
 * Past this many values looked for, where they were found is not kept (it is a hint, not a record).
 * Room for the repeats of a batch of tens of thousands of ids pasted twice: each keystroke checks
 * where each stood rather than reading the whole list again (with 10,000 repeats in 110,000 ids,
 * the diagnostics of a keystroke took 29 ms in-process with 4,096 here, 19 ms with this); a few MB
 * at most.
 */
export const MAX_REMEMBERED = 1 << 16;

/** Where values stood in an earlier version of an array, for {@link indexesOfEach} to look first. */
export interface FoundBefore {
  /** How many items of the array hold `value` now. */
  readonly count: (value: string) => number;
  /** Where each value stood when last looked for; kept up to date by {@link indexesOfEach}. */
  readonly lastFound: Map<string, readonly number[]>;
}

/**
 * Where each of `wanted` stands in `values`, in order (none for a value no item holds). With
 * `before`, where a value stood when last looked for is taken when it still holds: as many indexes
 * as items hold it, each of them holding it, is all of them. The others are looked for, a few by
 * native scans, many in one pass.
 */
export function indexesOfEach(values: readonly unknown[], wanted: ReadonlySet<string>, before?: FoundBefore): Map<string, readonly number[]> {
  const at = new Map<string, readonly number[]>();
  const unknown = new Set<string>();
  const hinted = wanted.size <= MAX_REMEMBERED; // (more are never kept)
  for (const value of wanted) {
    const last = hinted ? before?.lastFound.get(value) : undefined;
    if (last !== undefined && last.length === before!.count(value) && last.every((i) => values[i] === value)) at.set(value, last);
    else unknown.add(value);
  }
  for (const [value, list] of lookFor(values, unknown, before?.count)) at.set(value, list);
  if (before !== undefined) {
    for (const value of unknown) before.lastFound.delete(value);
    if (before.lastFound.size + at.size > MAX_REMEMBERED) before.lastFound.clear();
    if (at.size <= MAX_REMEMBERED) for (const [value, list] of at) before.lastFound.set(value, list);
  }
  return at;
}

/**
 * Where each of `wanted` stands in `values`. With `count` (how many items hold a value), the search
 * ends once every item is found: an id just made to repeat another is often found half way down.
 */
function lookFor(values: readonly unknown[], wanted: ReadonlySet<string>, count?: (value: string) => number): Map<string, number[]> {
  const at = new Map<string, number[]>();
  if (wanted.size === 0) return at;
  if (wanted.size <= FEW_VALUES) {
    for (const value of wanted) {
      const list: number[] = [];
      const held = count?.(value) ?? Infinity;
      for (let i = values.indexOf(value); i !== -1; i = values.indexOf(value, i + 1)) {
        list.push(i);
        if (list.length === held) break;
      }
      if (list.length > 0) at.set(value, list);
    }
    return at;
  }
  let left = count === undefined ? Infinity : 0;
  if (count !== undefined) for (const value of wanted) left += count(value);
  for (let i = 0; i < values.length && left > 0; i++) {
    const value = values[i];
    if (typeof value !== 'string' || !wanted.has(value)) continue;
    left--;
    const list = at.get(value);
    if (list === undefined) at.set(value, [i]);
    else list.push(i);
  }
  return at;
}
