// Where the ids a long `ids` list holds more than once stand, from what the fast path knows of it
// (KnownIds: the counts of the ids in its spans, kept from one version to the next) and the few
// items outside its spans, without a pass over the list. The duplicate-id rule reads it for its
// warnings, and its quick fix for the items to remove.
import { indexesOfEach } from '../arrays';
import { indexesOutside, type KnownIds } from './fastIds';

/**
 * Each id that more than one item of the list holds, with the indexes of those items in order
 * (its first occurrence first). `ids`: the list's values; an item that is not a string, or only
 * spaces, is no id (the rule calls it empty or leaves it to the schema).
 */
export function repeatedIds(ids: readonly unknown[], known: KnownIds): Map<string, readonly number[]> {
  const repeats = new Set(known.repeatedInSpans());
  const outside = new Map<string, number>();
  for (const i of indexesOutside(known, ids.length)) {
    const id: unknown = ids[i];
    if (typeof id !== 'string' || id.trim() === '') continue;
    const before = outside.get(id) ?? 0;
    if (known.inSpans(id) > 0 || before > 0) repeats.add(id);
    outside.set(id, before + 1);
  }
  const count = (id: string): number => known.inSpans(id) + (outside.get(id) ?? 0);
  return indexesOfEach(ids, repeats, { count, lastFound: known.lastFound });
}
