// Where the lines of a text start, for offset <-> position conversion. Line breaks are `\n`, `\r\n`
// and a lone `\r`, as in YAML 1.2 and LSP positions. Pure.
//
// The index is kept by chunks of text (a ChunkedText's, chunkedText.ts; a string is one chunk): the
// breaks found in a chunk are kept with it, so a new version of an open document shares them for
// every chunk an edit did not touch and finds only those of the chunks it rebuilt. Its own part,
// the count of breaks before each chunk, is one pass over the chunks, not over the lines: one
// index serves the server's document and the parse of each version, and no keystroke shifts the
// starts of every line after it.

import { upperBound } from './idsText';

/**
 * Where a line starts after each line break of a chunk, from the chunk's start (breaksIn): 16 bits
 * each in a chunk of an open document (at most 16,384 characters), which has a line every few dozen.
 */
export type ChunkBreaks = Uint16Array | Int32Array;

/** Where the lines of one version of a text start. */
export class LineIndex {
  /** `before[k]`: the line breaks ahead of chunk k; `before[chunks.length]`: all of them. */
  private readonly before: Int32Array;

  /**
   * `chunks`: the text, in order, and `starts` the offset of each with the text's length last.
   * `breaks`: what is known of each chunk's breaks (breaksIn), filled in here where missing, for
   * the next version that shares the chunk.
   */
  constructor(
    private readonly chunks: readonly string[],
    private readonly starts: readonly number[],
    private readonly breaks: Array<ChunkBreaks | undefined>,
  ) {
    const n = chunks.length;
    this.before = new Int32Array(n + 1);
    for (let k = 0; k < n; k++) {
      const found = (breaks[k] ??= breaksIn(chunks[k]!));
      this.before[k + 1] = this.before[k]! + found.length + (this.endsWithLoneCr(k) ? 1 : 0);
    }
  }

  /** The number of lines: a final line without a line break counts; an empty text has 1 line. */
  get lineCount(): number {
    return this.before[this.chunks.length]! + 1;
  }

  /** The offset where a 0-based line, in [0, lineCount), starts. */
  lineStart(line: number): number {
    if (line <= 0) return 0;
    // The chunk that holds the break ending line - 1: the last one with fewer breaks before it.
    const k = upperBound(this.before, line - 1) - 1;
    const nth = line - 1 - this.before[k]!;
    const found = this.breaks[k]!;
    // (Past the chunk's own breaks: the lone `\r` that ends it.)
    return nth < found.length ? this.starts[k]! + found[nth]! : this.starts[k + 1]!;
  }

  /** The 0-based line that holds an offset, in [0, length]. */
  lineOf(offset: number): number {
    const n = this.chunks.length;
    if (offset >= this.starts[n]!) return this.before[n]!;
    const k = upperBound(this.starts, offset) - 1;
    return this.before[k]! + upperBound(this.breaks[k]!, offset - this.starts[k]!);
  }

  /**
   * The 0-based position of an offset, in [0, length], where its line starts and where the line
   * after it starts (`Infinity` after the last line): what lineOf and lineStart say, mostly from the
   * one chunk's breaks (a diagnostic's range asks for every one of a thousand ids).
   */
  lineAt(offset: number): { line: number; character: number; start: number; next: number } {
    const n = this.chunks.length;
    const k = offset >= this.starts[n]! ? n : upperBound(this.starts, offset) - 1;
    const found = this.breaks[k];
    const j = found === undefined ? 0 : upperBound(found, offset - this.starts[k]!);
    const line = this.before[k]! + j;
    const start = j > 0 ? this.starts[k]! + found![j - 1]! : this.lineStart(line);
    const next = found !== undefined && j < found.length ? this.starts[k]! + found[j]! : line + 1 < this.lineCount ? this.lineStart(line + 1) : Infinity;
    return { line, character: offset - start, start, next };
  }

  /** Whether chunk k ends with a `\r` that the next chunk does not follow with `\n`. */
  private endsWithLoneCr(k: number): boolean {
    const chunk = this.chunks[k]!;
    return chunk.charCodeAt(chunk.length - 1) === 0x0d && this.chunks[k + 1]?.charCodeAt(0) !== 0x0a;
  }
}

/** The index of a text that is one string. */
export function stringLineIndex(text: string): LineIndex {
  return new LineIndex([text], [0, text.length], [undefined]);
}

/**
 * Where a line starts after each line break of `chunk`, from the chunk's start, in order. A `\r`
 * that ends the chunk is left out: whether it is a break of its own depends on the next chunk.
 */
function breaksIn(chunk: string): ChunkBreaks {
  const found: number[] = [];
  const loneCr = chunk.search(/\r(?!\n)/);
  if (loneCr === -1 || loneCr === chunk.length - 1) {
    // Every line break holds a `\n` (most files): found by the native search.
    for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) found.push(i + 1);
  } else {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === 0x0a || (c === 0x0d && i + 1 < chunk.length && chunk.charCodeAt(i + 1) !== 0x0a)) found.push(i + 1);
    }
  }
  return chunk.length <= 0xffff ? Uint16Array.from(found) : Int32Array.from(found);
}
