// What the parse reads of a file's text. A string is one; so is a ChunkedText (chunkedText.ts), the
// text of an open document kept in chunks and edited in place, which the parse of an edit reads
// only around the edit. Pure.
//
// Why not always one string: V8 keeps a string of more than 128 KB in memory of its own, so each
// version of a long document, made one string again after an edit, is a copy of the whole file into
// fresh memory. On some machines (virtual ones, where touching a fresh page is slow) that copy
// costs more than everything else the parse of a keystroke does.

/** The part of a string's methods the parse reads; each means exactly what it means for a string. */
export interface Text {
  readonly length: number;
  charCodeAt(index: number): number;
  charAt(index: number): string;
  slice(start?: number, end?: number): string;
  indexOf(searchString: string, position?: number): number;
  startsWith(searchString: string, position?: number): boolean;
  /** The whole text as one string (a ChunkedText makes it once, on first use). */
  toString(): string;
}

/** A text as one string: itself, or the text of its chunks made one. */
export function flat(text: Text): string {
  return typeof text === 'string' ? text : text.toString();
}

/** Whether two texts hold the same characters (made one string only when their lengths are equal). */
export function sameText(a: Text, b: Text): boolean {
  return a === b || (a.length === b.length && flat(a) === flat(b));
}
