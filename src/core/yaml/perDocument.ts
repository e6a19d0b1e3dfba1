// What a check found in one document, kept with the `yaml` document it was found in. A parse takes
// over the documents an edit left as they were (the same objects, moved when the edit shifted
// them: ParsedDocument.found), so a keystroke in a file of many documents checks again only the
// document it changed, not every one; and which documents found something is kept per file, so
// that it does not ask every other one either. Pure.

import type { DocumentHistory } from './documentHistory';
import { newFoundSlot, type OffsetRange, type ParsedDocument } from './parsedDocument';
import type { ParsedFile } from './parsedFile';

/**
 * How long what a check found in a document may be kept: while the document's text stays as it
 * is; only while its index does too (what names the document's number: documents added or removed
 * above it change it); or not at all (what names a line, which an edit above moves).
 */
export type Keep = 'while unchanged' | 'while at its index' | 'no';

interface Kept<T> {
  /** The document's index, for what names it; undefined for what does not. */
  readonly index: number | undefined;
  readonly key: unknown;
  /** The document's {@link ParsedDocument.moved} when `value` was last made right. */
  moved: number;
  value: T;
}

/**
 * `range` (a range, or anything with one's start and end) moved `delta` characters, as what was
 * found in a document moves with it; itself when `delta` is 0.
 */
export function movedBy<R extends OffsetRange>(range: R, delta: number): R {
  return delta === 0 ? range : { ...range, start: range.start + delta, end: range.end + delta };
}

function keptWhileUnchanged(): Keep {
  return 'while unchanged';
}

/** What a check finds in a document: a list of findings (most documents have none). */
export class PerDocument<T extends readonly unknown[]> {
  /** Where this check keeps its findings in each document's {@link ParsedDocument.found}. */
  private readonly slot = newFoundSlot();
  /** For each file, the documents that found something in the version last asked (see {@link withFindings}). */
  private readonly listed = new WeakMap<DocumentHistory, Listed>();

  /**
   * @param move what was found in a document that has since moved `delta` characters (for what
   * holds offsets into the file); without it, what was found holds none, or says where its
   * document was when it was found (its {@link ParsedDocument.moved}), to be moved when read.
   */
  constructor(private readonly move?: (value: T, delta: number) => T) {}

  /**
   * `find(doc, arg)` for `doc`, or what it gave for the same document with the same `key` (what
   * else the check depends on), for as long as `keep` says it may be kept. (`find` and `keep` are
   * made once by the caller, not per document: a keystroke in a file of many documents asks every
   * document, and a closure made for each, by three checks, was about a fifth of the checks' time.)
   */
  get<A>(doc: ParsedDocument, key: unknown, find: (doc: ParsedDocument, arg: A) => T, arg: A, keep: (value: T) => Keep = keptWhileUnchanged): T {
    // (What is read here is all in the document's state: a file of many documents reads no node.)
    const { moved, index } = doc;
    const kept = doc.found(this.slot) as Kept<T> | undefined;
    if (kept !== undefined && (kept.index === undefined || kept.index === index) && kept.key === key) {
      // (An empty list is not moved: moving every document's on a keystroke above must not allocate.)
      if (kept.moved !== moved && this.move !== undefined && kept.value.length > 0) kept.value = this.move(kept.value, moved - kept.moved);
      kept.moved = moved;
      return kept.value;
    }
    const value = find(doc, arg);
    const keeping = keep(value);
    if (keeping === 'no') doc.keepFound(this.slot, undefined);
    else if (keeping === 'while unchanged' && value.length === 0) doc.keepFound(this.slot, this.nothingFound(key, value), true);
    else doc.keepFound(this.slot, { index: keeping === 'while at its index' ? index : undefined, key, moved, value });
    return value;
  }

  /**
   * What is kept for each document in which the check found nothing with `key` (most of them): one
   * object for all, not one and an empty list a document (88 bytes; an empty list is not moved).
   */
  private nothingFound(key: unknown, value: T): Kept<T> {
    if (this.nothing === undefined || this.nothing.key !== key) this.nothing = { index: undefined, key, moved: 0, value };
    return this.nothing;
  }

  private nothing: Kept<T> | undefined;

  /**
   * The documents of `file` whose {@link get} gives a non-empty list, in order, with it. Only the
   * documents that found something in the version of the file last asked (with the same `key`),
   * and those the versions since replaced, are asked: an empty list is taken to stay so while the
   * document's text does (`keep` must keep it 'while unchanged').
   */
  withFindings<A>(file: ParsedFile, key: unknown, find: (doc: ParsedDocument, arg: A) => T, arg: A, keep?: (value: T) => Keep): Array<[ParsedDocument, T]> {
    const docs = file.documents;
    const out: Array<[ParsedDocument, T]> = [];
    const indexes: number[] = [];
    const ask = (i: number): void => {
      const doc = docs.get(i)!;
      const value = this.get(doc, key, find, arg, keep);
      if (value.length === 0) return;
      out.push([doc, value]);
      indexes.push(i);
    };
    const last = this.listed.get(file.history);
    const kept = last === undefined || last.key !== key ? undefined : file.history.keptSince(last.version);
    if (last === undefined || kept === undefined) {
      for (let i = 0; i < docs.length; i++) ask(i);
    } else {
      const prefix = Math.min(kept.prefix, docs.length, last.documents);
      const suffix = Math.min(kept.suffix, docs.length - prefix, last.documents - prefix);
      const firstOfSuffix = last.documents - suffix;
      for (const i of last.indexes) if (i < prefix) ask(i);
      for (let i = prefix; i < docs.length - suffix; i++) ask(i);
      for (const i of last.indexes) if (i >= firstOfSuffix) ask(i + docs.length - last.documents);
    }
    this.listed.set(file.history, { version: file.version, key, documents: docs.length, indexes });
    return out;
  }
}

/** The documents of a version of a file that found something (by index), for the next version's {@link PerDocument.withFindings}. */
interface Listed {
  readonly version: number;
  readonly key: unknown;
  /** How many documents that version held. */
  readonly documents: number;
  readonly indexes: readonly number[];
}
