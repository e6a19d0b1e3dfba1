// Where an editor puts "Bulk update N targets" and "Preview" above a document's `ids:` key, and
// the N: the ids a bulk update of the whole document would send (usable ids, each once), the same
// count the confirmation gives. Of a long list, counted from what the fast path keeps of it (the
// different ids of its spans), so a lens, asked for again after every edit, costs no pass over
// the ids.

import { isMap, isNode, isScalar, isSeq } from 'yaml';
import { findPair, indexesOfParsedItems, nodeRange, type KnownIds, type OffsetRange, type ParsedFile } from '../yaml';
import { isUsableId } from './ids';

export interface BulkUpdateLens {
  /** 0-based index of the YAML document. */
  readonly documentIndex: number;
  /** Range of the `ids` key. */
  readonly range: OffsetRange;
  /** Distinct non-empty string ids of the list. */
  readonly targets: number;
}

/** One lens per document whose `ids` list holds at least one usable id. */
export function bulkUpdateLenses(file: ParsedFile): BulkUpdateLens[] {
  const lenses: BulkUpdateLens[] = [];
  for (const doc of file.documents) {
    const root = doc.document.contents;
    if (!isMap(root)) continue;
    const pair = findPair(root, 'ids');
    const range = isNode(pair?.key) ? nodeRange(pair.key) : undefined;
    if (pair === undefined || range === undefined || !isSeq(pair.value)) continue;
    const fast = doc.longIdsList;
    const targets =
      fast?.pair === pair ? targetsOfLongList(fast.values, fast.known) : targetsOf(pair.value.items.map((item) => (isScalar(item) ? item.value : undefined)));
    if (targets > 0) lenses.push({ documentIndex: doc.index, range, targets });
  }
  return lenses;
}

function targetsOf(values: readonly unknown[]): number {
  const unique = new Set<string>();
  for (const value of values) if (isUsableId(value)) unique.add(value);
  return unique.size;
}

/** The same of a long list, from its counts (the ids of its spans) and the items outside its spans: no pass over the ids. */
function targetsOfLongList(values: readonly unknown[], known: KnownIds): number {
  const others = new Set<string>();
  // (Its typed items are no ids: only the items the parse built are looked at.)
  for (const i of indexesOfParsedItems(known, values.length)) {
    const value = values[i];
    if (isUsableId(value) && known.inSpans(value) === 0) others.add(value);
  }
  return known.distinctInSpans() + others.size;
}
