// What a check found in one document, kept with the `yaml` document it was found in. A parse takes
// over the documents an edit left as they were (the same objects, moved when the edit shifted
// them: ParsedDocument.found), so a keystroke in a file of many documents checks again only the
// document it changed, not every one. Pure.

import type { OffsetRange, ParsedDocument } from './parsedDocument';

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
  private static checks = 0;
  /** Where this check keeps its findings in each document's {@link ParsedDocument.found}. */
  private readonly slot = PerDocument.checks++;

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
    const { found, moved, index } = doc;
    const kept = found[this.slot] as Kept<T> | undefined;
    if (kept !== undefined && (kept.index === undefined || kept.index === index) && kept.key === key) {
      // (An empty list is not moved: moving every document's on a keystroke above must not allocate.)
      if (kept.moved !== moved && this.move !== undefined && kept.value.length > 0) kept.value = this.move(kept.value, moved - kept.moved);
      kept.moved = moved;
      return kept.value;
    }
    const value = find(doc, arg);
    const keeping = keep(value);
    found[this.slot] = keeping === 'no' ? undefined : { index: keeping === 'while at its index' ? index : undefined, key, moved, value };
    return value;
  }
}
