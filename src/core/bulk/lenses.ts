// Where an editor puts "Bulk update N targets" and "Preview" above a document's `ids:` key, and
// the N: the ids a bulk update of the whole document would send (usable ids, each once), the same
// count the confirmation gives. Reads the values the fast path already holds for a long list, so a
// lens costs one pass over the ids, not a walk of their nodes.

import { isMap, isNode, isScalar, isSeq } from 'yaml';
import { findPair, nodeRange, type OffsetRange, type ParsedFile } from '../yaml';

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
    const values = (fast?.pair === pair ? fast.values : undefined) ?? pair.value.items.map((item) => (isScalar(item) ? item.value : undefined));
    const unique = new Set<string>();
    for (const value of values) if (typeof value === 'string' && value !== '') unique.add(value);
    if (unique.size > 0) lenses.push({ documentIndex: doc.index, range, targets: unique.size });
  }
  return lenses;
}
