// The "remove invalid id(s)" quick fixes: which items to remove, by value, on the CURRENT parse
// (a diagnostic's item index may be from an older one), done by the assist module's shared
// `removeSequenceItemsEdits` (block lines with their comments, flow items with their separators,
// `ids: []` when every item goes).

import { removeSequenceItemsEdits, type OffsetEdit } from '../assist/edits';
import type { ParsedFile } from '../yaml';
import { idItemsHolding } from './ids';
import { pushAll } from '../arrays';

export type { OffsetEdit } from '../assist/edits';

/** Edits removing every item of document `documentIndex`'s `ids` whose value is in `ids` (every occurrence). */
export function removeIdsEdits(file: ParsedFile, documentIndex: number, ids: Iterable<string>): OffsetEdit[] {
  const doc = file.documents.get(documentIndex);
  if (doc === undefined) return [];
  const indexes = idItemsHolding(doc, new Set(ids)).map((item) => item.index);
  return removeSequenceItemsEdits(file, documentIndex, ['ids'], indexes);
}

/** Edits removing the rejected ids each document holds ("remove all invalid ids in the file"), by document index. Non-overlapping, sorted. */
export function removeInvalidIdsEdits(file: ParsedFile, byDocument: ReadonlyMap<number, ReadonlySet<string>>): OffsetEdit[] {
  const edits: OffsetEdit[] = [];
  for (const [documentIndex, ids] of byDocument) pushAll(edits, removeIdsEdits(file, documentIndex, ids));
  return edits.sort((a, b) => a.range.start - b.range.start);
}
