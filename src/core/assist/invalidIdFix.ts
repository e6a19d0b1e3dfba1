// The quick fixes of `invalid-id` (an id the service rejected in the last bulk update): "Remove
// invalid id X" for each one asked about (preferred), and "Remove all N invalid ids in this file"
// when the file has more than one. Items are found by value on the current parse (a diagnostic's
// item index may be from an older one), so every occurrence of the id goes.

import { removeIdsEdits, removeInvalidIdsEdits } from '../bulk/edits';
import type { ParsedFile } from '../yaml/parsedFile';
import type { DiagnosticLike, Draft } from './codeActionTypes';

/** @param inFile the rejected ids each document holds, by document index (what "remove all" removes). */
export function removeInvalidIds(file: ParsedFile, asked: readonly DiagnosticLike[], inFile: ReadonlyMap<number, ReadonlySet<string>>): Draft[] {
  const out: Draft[] = [];
  for (const d of asked) {
    const id = d.data?.id;
    if (typeof id !== 'string' || d.document === undefined) continue;
    out.push({ title: `Remove invalid id ${id}`, diagnostic: d, diagnostics: [d], isPreferred: true, edits: removeIdsEdits(file, d.document, [id]) });
  }
  const [first] = asked;
  let distinct = 0;
  for (const ids of inFile.values()) distinct += ids.size;
  if (first !== undefined && distinct > 1) {
    out.push({
      title: `Remove all ${distinct} invalid ids in this file`,
      diagnostic: first,
      diagnostics: asked,
      isPreferred: false,
      edits: removeInvalidIdsEdits(file, inFile),
    });
  }
  return out;
}
