// Where the ids a long `ids` list holds more than once stand, from what the fast path knows of it
// (KnownIds: the counts of the ids in its spans, kept from one version to the next) and the few
// items outside its spans, without a pass over the list. The duplicate-id rule reads it for its
// warnings, and its quick fix for the items to remove.
import { indexesOfEach } from '../arrays';
import { indexesOfParsedItems, type KnownIds } from './fastIds';
import type { RepeatedItem } from './idsText';

/**
 * The items that repeat an earlier id, in list order. A list's are remembered from one version to
 * the next while its edits leave the repeated ids where they were (IdCounts.replace): with
 * thousands of repeats, each keystroke worked them out again.
 */
export function repeatedItems(ids: readonly unknown[], known: KnownIds): readonly RepeatedItem[] {
  const remembered = known.rememberedRepeats();
  if (remembered?.stale.size === 0) return remembered.items;
  const items =
    remembered === undefined
      ? itemsOf(repeatedIds(ids, known))
      : // The ids an edit changed that are or were repeated, looked for again where still held more than once (a list remembered holds ids only, all counted).
        merged(
          remembered.items,
          remembered.stale,
          itemsOf(indexesOfEach(ids, heldMoreThanOnce(remembered.stale, known), { count: (id) => known.inSpans(id), lastFound: known.lastFound })),
        );
  known.rememberRepeats(items);
  return items;
}

/** Those of `ids` more than one item of the list holds: an id held once now (a repeat taken back) has nothing to look for. */
function heldMoreThanOnce(ids: ReadonlySet<string>, known: KnownIds): Set<string> {
  const out = new Set<string>();
  for (const id of ids) if (known.inSpans(id) > 1) out.add(id);
  return out;
}

/** The items of each id (its indexes, the first occurrence first) that repeat its first, in list order. */
function itemsOf(found: Map<string, readonly number[]>): RepeatedItem[] {
  const items: RepeatedItem[] = [];
  for (const [id, at] of found) {
    for (let k = 1; k < at.length; k++) items.push({ index: at[k]!, id, first: at[0]! });
  }
  return items.sort((a, b) => a.index - b.index);
}

/** Two lists of items in list order, merged, less the items of `a` that hold one of `stale`. */
function merged(a: readonly RepeatedItem[], stale: ReadonlySet<string>, b: readonly RepeatedItem[]): RepeatedItem[] {
  const out: RepeatedItem[] = [];
  let j = 0;
  for (const item of a) {
    if (stale.has(item.id)) continue;
    while (j < b.length && b[j]!.index < item.index) out.push(b[j++]!);
    out.push(item);
  }
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/**
 * Each id that more than one item of the list holds, with the indexes of those items in order
 * (its first occurrence first). `ids`: the list's values; an item that is not a string, or only
 * spaces, is no id (the rule calls it empty or leaves it to the schema).
 */
function repeatedIds(ids: readonly unknown[], known: KnownIds): Map<string, readonly number[]> {
  const repeats = new Set(known.repeatedInSpans());
  const outside = new Map<string, number>();
  // (The typed items are no strings: only the items the parse built are looked at.)
  for (const i of indexesOfParsedItems(known, ids.length)) {
    const id: unknown = ids[i];
    if (typeof id !== 'string' || id.trim() === '') continue;
    const before = outside.get(id) ?? 0;
    if (known.inSpans(id) > 0 || before > 0) repeats.add(id);
    outside.set(id, before + 1);
  }
  const count = (id: string): number => known.inSpans(id) + (outside.get(id) ?? 0);
  return indexesOfEach(ids, repeats, { count, lastFound: known.lastFound });
}
