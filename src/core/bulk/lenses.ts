// Where an editor puts "Bulk update N targets" and "Preview" above a document's `ids:` key, and
// the N: the ids a bulk update of the whole document would send (usable ids, each once), the same
// count the confirmation gives. Of a long list, counted from what the fast path keeps of it (the
// different ids of its spans), so a lens, asked for again after every edit, costs no pass over
// the ids; and a document's lens is kept with it while its text stays (an editor asks for the
// lenses after every edit: in a file of 10,000 documents, making them all again took 12 ms).

import { isMap, isNode, isScalar, isSeq } from 'yaml';
import { findPair, indexesOfParsedItems, nodeRange, type KnownIds, type OffsetRange, type ParsedDocument, type ParsedFile } from '../yaml';
import { movedBy, PerDocument } from '../yaml/perDocument';
import { isUsableId } from './ids';
import { distinctStrings } from '../arrays';

export interface BulkUpdateLens {
  /** 0-based index of the YAML document. */
  readonly documentIndex: number;
  /** Range of the `ids` key. */
  readonly range: OffsetRange;
  /** Distinct non-empty string ids of the list. */
  readonly targets: number;
}

/**
 * A document's lens (none or one), without its index (which documents added above change), with
 * the range of where the document was then (its ParsedDocument.moved): moved when given out.
 */
type DocumentLens = readonly (Omit<BulkUpdateLens, 'documentIndex'> & { readonly moved: number })[];

const lensOf = new PerDocument<DocumentLens>();

/** One lens per document whose `ids` list holds at least one usable id. */
export function bulkUpdateLenses(file: ParsedFile): BulkUpdateLens[] {
  const lenses: BulkUpdateLens[] = [];
  for (const doc of file.documents) {
    for (const { range, targets, moved } of lensOf.get(doc, undefined, documentLens, undefined)) {
      lenses.push({ documentIndex: doc.index, range: movedBy(range, doc.moved - moved), targets });
    }
  }
  return lenses;
}

function documentLens(doc: ParsedDocument): DocumentLens {
  // (A document read for its value first is read again neither for its nodes nor for its value,
  // which may have been dropped since: a lens is asked of every document of a file after an open.
  // Its read counted the different ids, the usable ones: non-empty strings.)
  const shape = doc.plainShape;
  if (shape !== undefined) {
    const { idsKey, distinctIds: targets } = shape;
    return idsKey !== undefined && targets > 0 ? [{ range: idsKey, targets, moved: doc.moved }] : [];
  }
  const root = doc.document.contents;
  if (!isMap(root)) return [];
  const pair = findPair(root, 'ids');
  const range = isNode(pair?.key) ? nodeRange(pair.key) : undefined;
  if (pair === undefined || range === undefined || !isSeq(pair.value)) return [];
  const fast = doc.longIdsList;
  const targets =
    fast?.pair === pair
      ? targetsOfLongList(fast.values, fast.known)
      : distinctStrings(pair.value.items.map((item) => (isScalar(item) ? item.value : undefined)));
  return targets > 0 ? [{ range, targets, moved: doc.moved }] : [];
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
