// The "remove invalid id(s)" quick fixes: which items to remove, by value, on the CURRENT parse
// (a diagnostic's item index may be from an older one), done by the assist module's shared
// `removeSequenceItemsEdits` (block lines with their comments, flow items with their separators,
// `ids: []` when every item goes).

import type { CoreDiagnostic } from '../diagnostic';
import { removeSequenceItemsEdits, type OffsetEdit } from '../assist/edits';
import type { ParsedFile } from '../yaml';
import { idsField } from './ids';
import { INVALID_ID_CODE } from './mapErrors';
import { pushAll } from '../arrays';

export type { OffsetEdit } from '../assist/edits';

/** Edits removing every item of document `documentIndex`'s `ids` whose value is in `ids` (every occurrence). */
export function removeIdsEdits(file: ParsedFile, documentIndex: number, ids: Iterable<string>): OffsetEdit[] {
  const doc = file.documents[documentIndex];
  if (doc === undefined) return [];
  const drop = new Set(ids);
  const indexes = (idsField(doc)?.items ?? []).filter((item) => item.value !== undefined && drop.has(item.value)).map((item) => item.index);
  return removeSequenceItemsEdits(file, documentIndex, ['ids'], indexes);
}

/**
 * Edits removing the ids that `invalid-id` diagnostics mark ("remove all invalid ids in the
 * file"), document by document; other diagnostics are ignored. Non-overlapping, sorted.
 */
export function removeInvalidIdsEdits(file: ParsedFile, diagnostics: readonly CoreDiagnostic[]): OffsetEdit[] {
  const byDocument = new Map<number, Set<string>>();
  for (const d of diagnostics) {
    const id = d.data?.id;
    if (d.code !== INVALID_ID_CODE || typeof id !== 'string') continue;
    let set = byDocument.get(d.document);
    if (set === undefined) {
      set = new Set();
      byDocument.set(d.document, set);
    }
    set.add(id);
  }
  const edits: OffsetEdit[] = [];
  for (const [documentIndex, ids] of byDocument) pushAll(edits, removeIdsEdits(file, documentIndex, ids));
  return edits.sort((a, b) => a.range.start - b.range.start);
}
