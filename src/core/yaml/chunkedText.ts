// The text of an open document in chunks, edited without ever making it one string again. Pure.
//
// Why: V8 puts a string of more than 128 KB in fresh memory pages of its own, and on a virtual
// machine touching a fresh page is slow, so a 1.6 MB document made one string again on every
// keystroke costs milliseconds. Chunks of at most 16,384 characters are young-generation strings,
// in memory that is already warm; an edit copies only the chunks it touches and shares the others
// with the version before it. No method but toString() makes a string longer than what it returns.
//
// Invariants: no chunk is empty (an empty text has no chunks); no chunk is longer than MAX_CHUNK;
// each chunk is a flat string of its own, not a slice that keeps a larger string alive.

import { compactSlice, detachedSlice, holdsOnlyLatin1 } from './detachedSlice';
import { upperBound } from './idsText';
import { LineIndex, stringLineIndex, type ChunkBreaks } from './lineIndex';
import { flat, type Text } from './text';
import { pushAll } from '../arrays';

/** The chunk size a whole text is cut to: half the most, so a chunk has room to grow by edits before it is cut again. */
const FROM_CHUNK = 8192;
/** The longest chunk an edit leaves (and so about what an edit copies). */
export const MAX_CHUNK = 16384;
/** A piece an edit rebuilt shorter than this joins a neighbouring chunk, so that many edits do not leave many tiny chunks. */
const MERGE_BELOW = 1024;

/** `x` as String's methods read a position (ToIntegerOrInfinity): NaN and undefined are 0, a fraction is truncated. */
function toInteger(x: number | undefined): number {
  // `|| 0` turns NaN (and -0) into 0.
  return x === undefined ? 0 : Math.trunc(x) || 0;
}

/** A position as String.prototype.slice reads it: negative from the end, clamped to [0, length]. */
function relative(x: number | undefined, fallback: number, length: number): number {
  if (x === undefined) return fallback;
  const i = toInteger(x);
  return i < 0 ? Math.max(length + i, 0) : Math.min(i, length);
}

/**
 * `text` cut into chunks of at most `most` characters, of near-equal lengths (no short chunk left
 * at the end). detachedSlice makes each a string of its own; and since slicing a string makes V8
 * flatten it first, a chunk cut from a concatenation is a flat copy, not a tree of parts left to
 * be flattened on first read. A text with a character past Latin-1 (a BOM) is two bytes a
 * character in V8, and so would be every chunk: those that are ASCII are made one byte a
 * character again (compactSlice), so that the BOM costs one chunk, not the whole text.
 */
function cut(text: string, most: number): string[] {
  const count = Math.ceil(text.length / most);
  const copy = holdsOnlyLatin1(text) ? detachedSlice : compactSlice;
  const chunks: string[] = [];
  for (let i = 0; i < count; i++) chunks.push(copy(text, Math.floor((i * text.length) / count), Math.floor(((i + 1) * text.length) / count)));
  return chunks;
}

/** A text kept in chunks: read as a string (the Text interface), edited into new versions that share the chunks an edit did not touch. */
export class ChunkedText implements Text {
  /** The number of characters, as a string's length. */
  readonly length: number;
  /** The offset where each chunk starts, and then the length: chunk `k` is [starts[k], starts[k + 1]). */
  private readonly starts: number[];
  /** The whole text as one string, made on first use of toString(). */
  private joined: string | undefined;
  // The chunk read last, tried first: a parse reads on from where it read last, so most reads
  // need no search. (Empty until the first read: no offset falls in [0, 0).)
  private cur = '';
  private curIndex = 0;
  private curStart = 0;
  private curEnd = 0;
  /** Its line index, made on first use. */
  private index: LineIndex | undefined;

  /**
   * `breaks`: the line breaks found in each chunk, for the line index: shared with the versions
   * that share the chunk, and found on first use where not known.
   */
  private constructor(
    private readonly chunks: readonly string[],
    private readonly breaks: Array<ChunkBreaks | undefined> = new Array<undefined>(chunks.length),
  ) {
    this.starts = [0];
    let length = 0;
    for (const chunk of chunks) this.starts.push((length += chunk.length));
    this.length = length;
  }

  /**
   * The text of `text` in chunks, each a string of its own (no chunk keeps `text` alive).
   * `chunkLength`: for the tests, which cut short texts into many chunks.
   */
  static from(text: string, chunkLength = FROM_CHUNK): ChunkedText {
    const chunked = new ChunkedText(cut(text, chunkLength));
    // The text is one string already: the first parse of a document reads it whole, as one.
    chunked.joined = text;
    return chunked;
  }

  /** Where its lines start: the line breaks of the chunks this version shares with the last are not looked for again. */
  get lines(): LineIndex {
    return (this.index ??= new LineIndex(this.chunks, this.starts, this.breaks));
  }

  /** As String.prototype.charCodeAt: the UTF-16 code unit at `index`, NaN outside [0, length). */
  charCodeAt(index: number): number {
    // Checked before any conversion: a fraction in the chunk reads as the chunk's charCodeAt truncates it, which is the same.
    const offset = index - this.curStart;
    if (offset >= 0 && index < this.curEnd) return this.cur.charCodeAt(offset);
    const i = toInteger(index);
    if (i < 0 || i >= this.length) return NaN;
    this.locate(i);
    return this.cur.charCodeAt(i - this.curStart);
  }

  /** As String.prototype.charAt: the character at `index`, '' outside [0, length). */
  charAt(index: number): string {
    const c = this.charCodeAt(index);
    return Number.isNaN(c) ? '' : String.fromCharCode(c);
  }

  /** As String.prototype.slice; made of the parts of the chunks that cover the range only. */
  slice(start?: number, end?: number): string {
    const from = relative(start, 0, this.length);
    const to = relative(end, this.length, this.length);
    if (from >= to) return '';
    this.locate(from);
    if (to <= this.curEnd) return this.cur.slice(from - this.curStart, to - this.curStart);
    const parts = [this.cur.slice(from - this.curStart)];
    let k = this.curIndex + 1;
    for (; this.starts[k + 1]! < to; k++) parts.push(this.chunks[k]!);
    parts.push(this.chunks[k]!.slice(0, to - this.starts[k]!));
    return parts.join('');
  }

  /** As String.prototype.indexOf, matches across chunk boundaries included. */
  indexOf(searchString: string, position?: number): number {
    const m = searchString.length;
    const from = Math.min(Math.max(toInteger(position), 0), this.length);
    if (m === 0) return from;
    const lastStart = this.length - m;
    if (from > lastStart) return -1;
    this.locate(from);
    for (let k = this.curIndex; k < this.chunks.length && this.starts[k]! <= lastStart; k++) {
      // A match within the chunk comes before any that starts in it and runs into the next one.
      const start = this.starts[k]!;
      const found = this.chunks[k]!.indexOf(searchString, from - start);
      if (found !== -1) return start + found;
      // Then one across the boundary: it lies in the m - 1 characters either side. (What this
      // window finds past the boundary is the first match there too: any earlier one would lie in it.)
      const end = this.starts[k + 1]!;
      const windowStart = Math.max(end - m + 1, from);
      // (Only where the needle's first character is among the chunk's last m - 1: most chunk ends
      // of a search that finds nothing are passed without cutting a window.)
      if (m > 1 && end < this.length && this.chunks[k]!.indexOf(searchString[0]!, windowStart - start) !== -1) {
        const inWindow = this.slice(windowStart, end + m - 1).indexOf(searchString);
        if (inWindow !== -1) return windowStart + inWindow;
      }
    }
    return -1;
  }

  /** As String.prototype.startsWith. */
  startsWith(searchString: string, position?: number): boolean {
    const from = Math.min(Math.max(toInteger(position), 0), this.length);
    if (searchString.length === 0) return true;
    if (from + searchString.length > this.length) return false;
    this.locate(from);
    if (from + searchString.length <= this.curEnd) return this.cur.startsWith(searchString, from - this.curStart);
    return this.slice(from, from + searchString.length) === searchString;
  }

  /** The whole text as one string: made once (a text does not change), then kept until {@link forgetWhole}. */
  toString(): string {
    return (this.joined ??= this.chunks.join(''));
  }

  /**
   * Forgets the whole text as one string, kept beside the chunks since the open or the last
   * toString() (made again on next use). After the first parse of a document no feature of an edit
   * needs it, and it doubled what the text cost.
   */
  forgetWhole(): void {
    this.joined = undefined;
  }

  /**
   * The text with [start, end) replaced by `insert`: a new ChunkedText that shares the chunks the
   * edit did not touch (this one is unchanged). Throws a RangeError unless 0 <= start <= end <= length.
   */
  edit(start: number, end: number, insert: string): ChunkedText {
    this.checkRange(start, end);
    const n = this.chunks.length;
    if (n === 0) return new ChunkedText(cut(insert, MAX_CHUNK));
    // The chunks touched, [first, last]: the one holding `start` (the last one for an edit at the
    // end), through the one holding the last character removed (for an insert, the same one).
    let first = start < this.length ? this.chunkIndex(start) : n - 1;
    let last = end > start ? this.chunkIndex(end - 1) : first;
    let piece = this.chunks[first]!.slice(0, start - this.starts[first]!) + insert + this.chunks[last]!.slice(end - this.starts[last]!);
    if (piece.length > 0 && piece.length < MERGE_BELOW) {
      if (first > 0 && this.chunks[first - 1]!.length + piece.length <= MAX_CHUNK) piece = this.chunks[--first]! + piece;
      else if (last + 1 < n && piece.length + this.chunks[last + 1]!.length <= MAX_CHUNK) piece += this.chunks[++last]!;
    }
    const rebuilt = cut(piece, MAX_CHUNK);
    return new ChunkedText(
      this.chunks.slice(0, first).concat(rebuilt, this.chunks.slice(last + 1)),
      this.breaks.slice(0, first).concat(new Array<undefined>(rebuilt.length), this.breaks.slice(last + 1)),
    );
  }

  /**
   * The text with each of `edits` made (`[start, end)` replaced by `text`, in offsets of this text,
   * in the text's order, each ending at or before the next one's start), in one pass: the text is
   * read once, chunk by chunk, and cut into new chunks as it goes. One edit at a time copies the
   * chunk it touches, each time: a replace-all of 100,000 matches took 1.5 s so. Throws a
   * RangeError for an edit out of range or out of order.
   */
  editAll(edits: readonly { readonly start: number; readonly end: number; readonly text: string }[]): ChunkedText {
    const chunks: string[] = [];
    let pending: string[] = [];
    let pendingLength = 0;
    const flush = (): void => {
      if (pendingLength > 0) pushAll(chunks, cut(pending.join(''), FROM_CHUNK));
      pending = [];
      pendingLength = 0;
    };
    const add = (piece: string): void => {
      if (piece.length === 0) return;
      pending.push(piece);
      pendingLength += piece.length;
      if (pendingLength >= MAX_CHUNK) flush();
    };
    // [from, to) of this text, a chunk's part at a time: no string longer than a chunk is made.
    const addRange = (from: number, to: number): void => {
      for (let k = from < this.length ? this.chunkIndex(from) : this.chunks.length; from < to; k++) {
        const end = Math.min(to, this.starts[k + 1]!);
        add(this.chunks[k]!.slice(from - this.starts[k]!, end - this.starts[k]!));
        from = end;
      }
    };
    let at = 0;
    for (const { start, end, text } of edits) {
      this.checkRange(start, end);
      if (start < at) throw new RangeError(`an edit at [${start}, ${end}) comes before the end of the one before it (${at})`);
      addRange(at, start);
      add(text);
      at = end;
    }
    addRange(at, this.length);
    flush();
    return new ChunkedText(chunks);
  }

  /**
   * The text [start, end) as a ChunkedText sharing the chunks inside the range (the two at its ends
   * are cut). Throws a RangeError unless 0 <= start <= end <= length.
   */
  sub(start: number, end: number): ChunkedText {
    this.checkRange(start, end);
    if (start === end) return new ChunkedText([]);
    const first = this.chunkIndex(start);
    const last = this.chunkIndex(end - 1);
    const startIn = start - this.starts[first]!;
    const endIn = end - this.starts[last]!;
    if (first === last) return new ChunkedText([detachedSlice(this.chunks[first]!, startIn, endIn)]);
    const chunks = this.chunks.slice(first, last + 1);
    if (endIn < chunks[chunks.length - 1]!.length) chunks[chunks.length - 1] = detachedSlice(chunks[chunks.length - 1]!, 0, endIn);
    if (startIn > 0) chunks[0] = detachedSlice(chunks[0]!, startIn, chunks[0]!.length);
    return new ChunkedText(chunks);
  }

  /** @internal The length of each chunk, for the tests of the invariants. */
  chunkLengths(): number[] {
    return this.chunks.map((chunk) => chunk.length);
  }

  private checkRange(start: number, end: number): void {
    if (!(Number.isInteger(start) && Number.isInteger(end) && 0 <= start && start <= end && end <= this.length)) {
      throw new RangeError(`[${start}, ${end}) is not a range of a text of ${this.length} characters`);
    }
  }

  /** The index of the chunk holding `offset`, in [0, length). */
  private chunkIndex(offset: number): number {
    return upperBound(this.starts, offset) - 1;
  }

  /** Makes the chunk holding `offset`, in [0, length), the current one. */
  private locate(offset: number): void {
    if (offset >= this.curStart && offset < this.curEnd) return;
    const k = this.chunkIndex(offset);
    this.cur = this.chunks[k]!;
    this.curIndex = k;
    this.curStart = this.starts[k]!;
    this.curEnd = this.starts[k + 1]!;
  }
}

/**
 * `text.slice(start, end)` as a Text that does not keep the rest of `text` alive (a document's
 * part, which what is read in it keeps from one version to the next): for a ChunkedText, one that
 * shares the chunks inside the range (sub), else a string of its own.
 */
export function partOf(text: Text, start: number, end: number): Text {
  if (start === 0 && end === text.length) return text;
  return text instanceof ChunkedText ? text.sub(start, end) : detachedSlice(text, start, end);
}

/** Where the lines of a text start: a ChunkedText's own index, or that of a string. */
export function lineIndexOf(text: Text): LineIndex {
  return text instanceof ChunkedText ? text.lines : stringLineIndex(flat(text));
}
