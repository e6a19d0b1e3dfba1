// The documents of a parsed file, in order: views of its slices' documents, made when asked for.
// Pure.
//
// Why not a list of views: in a file of 100,000 small documents, a view kept for each document
// (40 bytes) and its places in the file's list and its slice's (8 bytes each) were a fifth of what
// the server held once the documents were dropped, for documents that no feature reads between two
// keystrokes. A slice read for its values makes a view of a document each time it is asked for one
// (Slice.view); one read with its nodes keeps the views it made.

import { leadingCount } from '../arrays';
import type { ParsedDocument } from './parsedDocument';
import type { FileFrame } from './placement';
import type { Slice } from './slice';

/**
 * A file's documents, read as a read-only array of them is read (`get(i)` for `[i]`). The same
 * document may be two objects when asked for twice: tell documents apart by their index.
 */
export class DocumentList implements Iterable<ParsedDocument> {
  /** The slice the last document asked for was in: documents are mostly asked for in order. */
  private last = 0;

  /**
   * `slices`: the file's, in order (the latest version's: a parse takes the list over in place,
   * as the documents a version holds are those of the latest).
   */
  constructor(
    private readonly slices: readonly Slice[],
    private readonly frame: FileFrame,
  ) {}

  /** How many documents the file holds. */
  get length(): number {
    return this.frame.documents;
  }

  /** Document `i`, as `[i]` of an array: `undefined` unless `i` is an integer in [0, length). */
  get(i: number): ParsedDocument | undefined {
    if (!Number.isInteger(i) || i < 0 || i >= this.length) return undefined;
    const slices = this.slices;
    let k = this.last < slices.length ? this.last : 0;
    let slice = slices[k]!;
    if (i < slice.firstDocument || i >= slice.firstDocument + slice.count) {
      // (The next slice first, as in a walk over the documents; then a search.)
      const next = slices[k + 1];
      k = next !== undefined && i >= next.firstDocument && i < next.firstDocument + next.count ? k + 1 : this.sliceHolding(i);
      slice = slices[k]!;
      this.last = k;
    }
    return slice.view(i - slice.firstDocument);
  }

  /** The last document starting at or before `offset` (the first for text before it); `undefined` without documents. */
  containing(offset: number): ParsedDocument | undefined {
    if (this.length === 0) return undefined;
    const slices = this.slices;
    // The last slice with a document that starts at or before the offset, then its last such document.
    let lo = 0;
    let hi = slices.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (slices[mid]!.count > 0 && slices[mid]!.view(0).start <= offset) lo = mid;
      else hi = mid - 1;
    }
    while (slices[lo]!.count === 0) lo++;
    const slice = slices[lo]!;
    let first = 0;
    let end = slice.count - 1;
    while (first < end) {
      const mid = (first + end + 1) >> 1;
      if (slice.view(mid).start <= offset) first = mid;
      else end = mid - 1;
    }
    return slice.view(first);
  }

  *[Symbol.iterator](): Iterator<ParsedDocument> {
    const length = this.length;
    let i = 0;
    for (const slice of this.slices) {
      for (let k = 0; k < slice.count && i < length; k++, i++) yield slice.view(k);
    }
  }

  /** The index of the slice that holds document `i` (in [0, length)): the first that ends after it. */
  private sliceHolding(i: number): number {
    return leadingCount(this.slices, (slice) => slice.firstDocument + slice.count <= i);
  }

  // What features read of the list, as an array's methods read it.

  map<T>(f: (doc: ParsedDocument, i: number) => T): T[] {
    const out: T[] = [];
    let i = 0;
    for (const doc of this) out.push(f(doc, i++));
    return out;
  }

  flatMap<T>(f: (doc: ParsedDocument, i: number) => T | readonly T[]): T[] {
    return this.toArray().flatMap(f);
  }

  filter(f: (doc: ParsedDocument, i: number) => boolean): ParsedDocument[] {
    return this.toArray().filter(f);
  }

  find(f: (doc: ParsedDocument, i: number) => boolean): ParsedDocument | undefined {
    let i = 0;
    for (const doc of this) if (f(doc, i++)) return doc;
    return undefined;
  }

  some(f: (doc: ParsedDocument, i: number) => boolean): boolean {
    return this.find(f) !== undefined;
  }

  every(f: (doc: ParsedDocument, i: number) => boolean): boolean {
    return this.find((doc, i) => !f(doc, i)) === undefined;
  }

  forEach(f: (doc: ParsedDocument, i: number) => void): void {
    let i = 0;
    for (const doc of this) f(doc, i++);
  }

  reduce<T>(f: (sum: T, doc: ParsedDocument, i: number) => T, initial: T): T {
    let sum = initial;
    let i = 0;
    for (const doc of this) sum = f(sum, doc, i++);
    return sum;
  }

  /** Documents `start` to `end` (exclusive; the rest without it), as an array's slice with positions in [0, length]. */
  slice(start = 0, end = this.length): ParsedDocument[] {
    const out: ParsedDocument[] = [];
    for (let i = Math.max(0, start); i < Math.min(end, this.length); i++) out.push(this.get(i)!);
    return out;
  }

  /** Every document, in order. */
  toArray(): ParsedDocument[] {
    return [...this];
  }
}
