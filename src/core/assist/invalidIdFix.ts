// The quick fixes of `invalid-id` (an id the service rejected in the last bulk update): "Remove
// invalid id X" for each one asked about (preferred), and "Remove all N invalid ids in this file"
// when the file has more than one. Items are found by value on the current parse (a diagnostic's
// item index may be from an older one), so every occurrence of the id goes.

import { removeIdsEdits, removeInvalidIdsEdits } from '../bulk/edits';
import type { ParsedFile } from '../yaml/parsedFile';
import type { DiagnosticLike, Draft } from './codeActionTypes';

/** The rejected ids of a file, for "remove all invalid ids in this file". */
export interface RejectedInFile {
  /** How many rejected ids its documents hold, each counted once per document. */
  readonly count: number;
  /** The rejected ids each document holds, by document index; `undefined`: the edits are deferred. */
  readonly byDocument: ReadonlyMap<number, ReadonlySet<string>> | undefined;
}

export function removeInvalidIds(file: ParsedFile, asked: readonly DiagnosticLike[], inFile: RejectedInFile | undefined): Draft[] {
  const out: Draft[] = [];
  for (const d of asked) {
    const id = d.data?.id;
    if (typeof id !== 'string' || d.document === undefined) continue;
    out.push({ title: `Remove invalid id ${id}`, diagnostic: d, diagnostics: [d], isPreferred: true, edits: removeIdsEdits(file, d.document, [id]) });
  }
  const [first] = asked;
  if (first !== undefined && inFile !== undefined && inFile.count > 1) {
    const remove = { title: `Remove all ${inFile.count} invalid ids in this file`, diagnostic: first, diagnostics: asked, isPreferred: false };
    out.push(
      inFile.byDocument === undefined
        ? { ...remove, edits: [], deferred: 'remove-all-invalid-ids' }
        : { ...remove, edits: removeInvalidIdsEdits(file, inFile.byDocument) },
    );
  }
  return out;
}
