// Invalid-id diagnostics that follow the text. VS Code leaves a diagnostic where it was put, so
// after every edit the ranges are recomputed from the new parse.
//
// Design: what is remembered is not a range but, per file, one record per document a run
// reported on: the SET OF REJECTED ID VALUES, plus how to find that document again. On each new
// parse every item of that document whose value is in the set gets the diagnostic at its current
// range. So an item that moves keeps its diagnostic, an id that is removed or changed loses it,
// and an undo that brings the id back brings the diagnostic back (the id is still invalid).
//
// Finding the document again when documents are inserted, removed or reordered (its index
// shifts): the candidates are the documents whose `ids` hold at least one of the record's values;
// among them the record prefers, in order,
//   1. the document whose text (without its `ids` entry) is unchanged since the last parse (a
//      fingerprint, refreshed on every parse, so edits inside the document are followed),
//   2. the one holding the most of the record's values,
//   3. the one closest to the old index, or to the old index shifted by the change in the number
//      of documents (a document inserted above).
// With no candidate the record shows nothing but is kept, in case the ids come back.

import type { CoreDiagnostic } from '../diagnostic';
import type { ParsedDocument, ParsedFile } from '../yaml';
import { holdingOf, idsEntry, idsHeld } from './ids';
import { invalidIdDiagnostics } from './mapErrors';
import { pushAll } from '../arrays';

/** The rejected ids of one document, and how to find that document again. */
export interface InvalidIdRecord {
  /** Index of the document when it was last found. */
  readonly documentIndex: number;
  /** Number of documents in the file then. */
  readonly documentCount: number;
  /** The document's text without its `ids` entry, then. */
  readonly fingerprint: string;
  /**
   * The rejected id values: one set for the record's life (kept when the record is refreshed), so
   * that the list's counts follow it from one version to the next (`holdingOf`).
   */
  readonly ids: ReadonlySet<string>;
  /**
   * The diagnostics made on its document at the last parse, in item order, when it alone found
   * the document: those that come out the same are used again (see invalidIdDiagnostics).
   */
  readonly shown?: readonly CoreDiagnostic[];
}

/** A record for the invalid ids a run reported on document `documentIndex` of `file`. */
export function createInvalidIdRecord(file: ParsedFile, documentIndex: number, invalidIds: Iterable<string>): InvalidIdRecord {
  const doc = file.documents.get(documentIndex);
  return {
    documentIndex,
    documentCount: file.documents.length,
    fingerprint: doc === undefined ? '' : fingerprintOf(file, doc),
    ids: new Set(invalidIds),
  };
}

/** Where a record's document is in `file` now, or `undefined` when no document holds any of its ids. */
export function locateRecord(record: InvalidIdRecord, file: ParsedFile): number | undefined {
  const wanted = record.ids;
  if (wanted.size === 0) return undefined;
  const shifted = record.documentIndex + (file.documents.length - record.documentCount);
  let best: { index: number; fingerprint: boolean; score: number; distance: number } | undefined;
  for (const doc of file.documents) {
    const score = holdingOf(doc, wanted).items;
    if (score === 0) continue;
    const candidate = {
      index: doc.index,
      fingerprint: fingerprintOf(file, doc) === record.fingerprint,
      score,
      distance: Math.min(Math.abs(doc.index - record.documentIndex), Math.abs(doc.index - shifted)),
    };
    if (best === undefined || better(candidate, best)) best = candidate;
  }
  return best?.index;
}

function better(a: { fingerprint: boolean; score: number; distance: number }, b: { fingerprint: boolean; score: number; distance: number }): boolean {
  if (a.fingerprint !== b.fingerprint) return a.fingerprint;
  if (a.score !== b.score) return a.score > b.score;
  return a.distance < b.distance;
}

/**
 * Follows records to a new parse (call on every change of the file): each record re-located (and
 * refreshed for the next parse), and the `invalid-id` diagnostics of the file, one per occurrence
 * of a rejected id in its document: the first `max` of them, and how many there are in all.
 */
export function trackInvalidIds(
  records: readonly InvalidIdRecord[],
  file: ParsedFile,
  max = Infinity,
): { records: InvalidIdRecord[]; diagnostics: CoreDiagnostic[]; total: number } {
  const { next, perDocument } = locateAll(records, file);
  const diagnostics: CoreDiagnostic[] = [];
  let total = 0;
  for (const [index, { ids, found }] of perDocument) {
    const room = max - diagnostics.length;
    const alone = found.length === 1 ? found[0]! : undefined;
    const shown = invalidIdDiagnostics(file, index, ids, room, alone === undefined ? undefined : next[alone]!.shown);
    if (alone !== undefined) next[alone] = { ...next[alone]!, shown };
    // Fewer than there was room for: all of them; else they are counted.
    total += shown.length < room ? shown.length : holdingOf(file.documents.get(index)!, ids).items;
    pushAll(diagnostics, shown);
  }
  return { records: next, diagnostics, total };
}

/** How many rejected ids the documents of `file` hold, each counted once per document (the title of "remove all invalid ids"). */
export function rejectedIdCount(records: readonly InvalidIdRecord[], file: ParsedFile): number {
  let count = 0;
  for (const [index, { ids }] of locateAll(records, file).perDocument) count += holdingOf(file.documents.get(index)!, ids).ids;
  return count;
}

/** The rejected ids each document of `file` holds (by document index), for the fixes that remove them. */
export function rejectedIdsByDocument(records: readonly InvalidIdRecord[], file: ParsedFile): Map<number, Set<string>> {
  const held = new Map<number, Set<string>>();
  for (const [index, { ids }] of locateAll(records, file).perDocument) held.set(index, idsHeld(file.documents.get(index)!, ids));
  return held;
}

/**
 * Each record re-located in `file` and refreshed; the rejected ids of each document found, by
 * index, in order: the record's own set where one record found the document (the usual case, and
 * the one the list's counts follow), else the union of theirs; and which records (of `next`) found it.
 */
function locateAll(
  records: readonly InvalidIdRecord[],
  file: ParsedFile,
): { next: InvalidIdRecord[]; perDocument: Map<number, { ids: ReadonlySet<string>; found: number[] }> } {
  const next: InvalidIdRecord[] = [];
  const perDocument = new Map<number, { ids: ReadonlySet<string>; found: number[] }>();
  for (const record of records) {
    const index = locateRecord(record, file);
    if (index === undefined) {
      next.push(record);
      continue;
    }
    next.push({ ...record, documentIndex: index, documentCount: file.documents.length, fingerprint: fingerprintOf(file, file.documents.get(index)!) });
    const other = perDocument.get(index);
    if (other === undefined) perDocument.set(index, { ids: record.ids, found: [next.length - 1] });
    else perDocument.set(index, { ids: new Set([...other.ids, ...record.ids]), found: [...other.found, next.length - 1] });
  }
  return { next, perDocument: new Map([...perDocument].sort((a, b) => a[0] - b[0])) };
}

/**
 * The records of a file after a run on document `documentIndex`: ids that were sent and not
 * rejected lose their record (a target created since, an id corrected); the rejected ones are
 * added. Records of other documents are kept as they are.
 */
export function recordRun(
  records: readonly InvalidIdRecord[],
  file: ParsedFile,
  documentIndex: number,
  sent: Iterable<string>,
  invalid: Iterable<string>,
): InvalidIdRecord[] {
  const sentSet = new Set(sent);
  const kept: InvalidIdRecord[] = [];
  const stillInvalid = new Set<string>();
  for (const record of records) {
    if (locateRecord(record, file) === documentIndex) {
      for (const id of record.ids) if (!sentSet.has(id)) stillInvalid.add(id);
    } else {
      kept.push(record);
    }
  }
  for (const id of invalid) stillInvalid.add(id);
  if (stillInvalid.size > 0) kept.push(createInvalidIdRecord(file, documentIndex, stillInvalid));
  return kept;
}

/**
 * The document's content without its `ids` entry (key through value): from its root node's start
 * to its end, so the `---` line above it and the blank lines or comments after it do not count.
 */
function fingerprintOf(file: ParsedFile, doc: ParsedDocument): string {
  const range = (doc.document.contents as { range?: number[] } | null)?.range;
  const start = range?.[0] ?? doc.start;
  const end = range?.[1] ?? doc.end;
  const field = idsEntry(doc);
  if (field === undefined || field.keyRange.start < start) return file.source.slice(start, end);
  const cutEnd = field.valueRange?.end ?? field.keyRange.end;
  return file.source.slice(start, field.keyRange.start) + file.source.slice(cutEnd, end);
}
