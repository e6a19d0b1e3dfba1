// A parsed file: its text, its documents in order, and offset <-> position conversion, with what
// the parse of the file's next version starts from.

import type { YAMLError } from 'yaml';
import type { DocumentHistory } from './documentHistory';
import type { MarkerLines } from './documents';
import type { Position, Range } from '../diagnostic';
import { ChunkedText, lineIndexOf } from './chunkedText';
import type { LineIndex } from './lineIndex';
import type { OffsetRange } from './nodes';
import type { DocumentList } from './documentList';
import type { ParsedDocument } from './parsedDocument';
import type { Slice } from './slice';
import type { TextChange } from './textChange';
import type { FileFrame } from './placement';
import { flat, type Text } from './text';

/** What {@link parseFile} did, for tests and benchmarks. */
export interface ParseStats {
  /** Number of independently parsed runs of text (1 when the file could not be split). */
  readonly slices: number;
  /** Slices parsed from text. */
  readonly parsed: number;
  /** Slices taken over from the previous parse unchanged. */
  readonly reused: number;
  /** Slices taken over from the previous parse with their offsets moved. */
  readonly moved: number;
  /** Characters of text parsed (a run parsed again with the runs around it counts again). */
  readonly read: number;
}

/** @internal What a parse of a file keeps for the parse of its next version. */
export interface FileBasis {
  /** The text as given. */
  readonly source: Text;
  /** The marker lines of the text (see documents.ts). */
  readonly markers: MarkerLines;
  /** Whether the parse took its fast paths (see {@link FileParseOptions}). */
  readonly fastPaths: boolean;
  /** What its slices read their place against (placement.ts), shared by the versions each parsed from the one before. */
  readonly frame: FileFrame;
}

/** How a file is parsed. */
export interface FileParseOptions {
  /**
   * Whether the parse takes its fast paths, default true: long `ids` lists read from their lines
   * (fastIds.ts), and documents of plain block mappings built without the `yaml` parser
   * (fastDocuments.ts). Off, the `yaml` package reads every text: what the differential tests and
   * the bench compare with. The parse of a later version keeps the choice of the earlier one
   * unless told otherwise.
   */
  readonly fastPaths?: boolean;
  /**
   * Whether what the parse keeps may point into the text, default false: for a caller that keeps
   * the text as long as the parse (a command's one read of a file), which spares a copy of each
   * id. An open document's parse does not, or its ids would keep each version's text alive. Not
   * taken over by the parse of a later version.
   */
  readonly sharesText?: boolean;
  /**
   * Whether the parse is read for the documents' values and what the checks find in them, default
   * false: for a command's one check of a file and for the language server, which place a finding
   * where there is one and ask for the nodes of a document only where the user is (completion,
   * hover, quick fixes) or within the outline's first symbols. The documents of plain block
   * mappings (fastDocuments.ts), their `ids` lists too where shorter than
   * MIN_FAST_IDS_VALUES_FIRST, are read as their values, without `yaml` nodes (readPlainValues),
   * which are read from their text when asked for; what every document is asked for right after
   * an open (its lens and folding ranges) is found from what that read notes of its shape
   * (ParsedDocument.plainShape). Not the documents that hold a `${env:NAME}` placeholder (see
   * parseSlice). `scan-targets validate` on 1,000 documents of 100 ids, each with 28 lines of
   * settings: 462 -> 312 ms; with an unknown key in each document, all read again, 588 -> 643 ms.
   * The language server's open of the same file: first diagnostics 425 -> 238 ms, with the lenses,
   * outline and folding ranges VS Code asks for next 581 -> 398 ms, 125 -> 98 MB. Not taken over
   * by the parse of a later version (each parse says).
   */
  readonly valuesFirst?: boolean;
}

/** A whole file: its text, its documents, and offset <-> position conversion. */
export class ParsedFile {
  /** @internal */
  constructor(
    /**
     * The file's text as given, to read a few characters of: the text of an open document is in
     * chunks, and reading it here does not make it one string (see {@link text}).
     */
    readonly source: Text,
    /**
     * Every document of the file, in order: views of its slices' documents (DocumentList). Empty
     * for a file with no document at all. (The parse of the next version takes the slices over and
     * changes their list in place: see parseFile.)
     */
    readonly documents: DocumentList,
    /** Errors outside any document (only possible when {@link documents} is empty). */
    readonly streamErrors: readonly YAMLError[],
    /** @internal */
    readonly slices: readonly Slice[],
    /** What the parse did (reuse counts). */
    readonly stats: ParseStats,
    /** @internal What the next version's parse starts from. */
    readonly basis: FileBasis,
    /** The versions of this file, each parsed from the one before (see {@link version}). */
    readonly history: DocumentHistory,
    /** This version's number in {@link history}. */
    readonly version: number,
    /** Where this version's text differs from the version before it in {@link history} (none for the first). */
    readonly change: TextChange | undefined,
  ) {}

  private index?: LineIndex;

  private flatText?: string;

  /**
   * The file's text as given, as one string. Its line breaks are `\n`, `\r\n` and lone `\r`, as in
   * YAML 1.2 and LSP. Made on first use when the parse was given the text in chunks: the parse and
   * the validation of an edit read it through {@link source}, around the edit only.
   */
  get text(): string {
    this.flatText ??= flat(this.source);
    return this.flatText;
  }

  /** Where the lines start: a text in chunks keeps its own index (its document's), a string's is made on first use. */
  private get lines(): LineIndex {
    return (this.index ??= lineIndexOf(this.source));
  }

  /** Number of lines (a final line without a line break counts; an empty text has 1 line). */
  get lineCount(): number {
    return this.lines.lineCount;
  }

  private keptLines?: number;

  /**
   * How many lines at the start of this version are those of `version` of `history`, the same text
   * on the same line numbers: every line for this version itself, the lines before the one the
   * edit starts on for the version before it, none for any other.
   */
  linesAsIn(history: DocumentHistory, version: number): number {
    if (history !== this.history) return 0;
    if (version === this.version) return this.lineCount;
    if (version !== this.version - 1 || this.change === undefined) return 0;
    this.keptLines ??= this.positionAt(this.change.start).line;
    return this.keptLines;
  }

  /** Offset of the first character of a 0-based line (clamped to the text). */
  lineStart(line: number): number {
    if (line <= 0) return 0;
    return line < this.lineCount ? this.lines.lineStart(line) : this.source.length;
  }

  /** Offset just after the last character of a 0-based line, before its line break. */
  lineEnd(line: number): number {
    if (line < 0) return 0;
    if (line >= this.lineCount - 1) return this.source.length;
    // (A line before the last: it and the next have starts.)
    const start = this.lines.lineStart(line);
    let end = this.lines.lineStart(line + 1) - 1; // the `\n` or lone `\r`
    if (end > start && this.source.charCodeAt(end) === 0x0a && this.source.charCodeAt(end - 1) === 0x0d) end -= 1;
    return end;
  }

  /** 0-based position of an offset (clamped to the text). */
  positionAt(offset: number): Position {
    const { line, character } = this.lineAt(offset);
    return { line, character };
  }

  /**
   * The 0-based position of an offset (clamped to the text), where its line starts and where the
   * line after it starts (`Infinity` after the last line).
   */
  lineAt(offset: number): { line: number; character: number; start: number; next: number } {
    return this.lines.lineAt(Math.max(0, Math.min(offset, this.source.length)));
  }

  /** Offset of a 0-based position; a character past the end of its line is clamped to it. */
  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineCount) return this.source.length;
    const start = this.lines.lineStart(position.line);
    return Math.min(start + Math.max(0, position.character), this.lineEnd(position.line));
  }

  /**
   * The 0-based range of offsets: an {@link OffsetRange}, or a `yaml` node range
   * (`[start, valueEnd, nodeEnd]`; only the first two are used).
   */
  rangeOf(offsets: OffsetRange | NodeRange): Range {
    const start = isOffsetArray(offsets) ? offsets[0] : offsets.start;
    const end = isOffsetArray(offsets) ? offsets[1] : offsets.end;
    const at = this.lineAt(start);
    const to = Math.max(start, end);
    // (Most ranges end on the line they start on.)
    const endPosition = to < at.next ? { line: at.line, character: Math.min(to, this.source.length) - at.start } : this.positionAt(to);
    return { start: { line: at.line, character: at.character }, end: endPosition };
  }

  /**
   * The document an offset belongs to: the last one starting at or before it (text before the
   * first document belongs to the first). `undefined` for a file without documents.
   */
  documentAt(offset: number): ParsedDocument | undefined {
    return this.documents.containing(offset);
  }

  /**
   * Drops the `yaml` documents and values of the documents that can read them again from their
   * own text when next asked (Slice.drop: those of a small run of text without a fast-path list),
   * and says how many characters of text they were read from; it forgets the text as one string
   * too, where its chunks are kept (not counted: made again by a feature on every keystroke of a
   * long document, it would have the server collect its garbage after each one). For a file whose
   * documents nobody is reading: what the checks, lenses, outline and folding found in each is kept
   * with it, so typing elsewhere reads none, and in a file of 100,000 small documents their nodes
   * and values were four fifths of the server's heap. Only the latest version of a file drops
   * anything (the slices of an older one may be a later one's).
   */
  dropDocuments(): number {
    if (!this.history.isLatest(this.version)) return 0;
    let dropped = 0;
    for (const slice of this.slices) dropped += slice.drop();
    // The text as one string goes too, where its chunks are kept (made again where a feature asks).
    this.flatText = undefined;
    if (this.source instanceof ChunkedText) this.source.forgetWhole();
    return dropped;
  }
}

/** A `yaml` node's range: `[start, valueEnd, nodeEnd]`. */
type NodeRange = readonly [number, number, ...number[]];

function isOffsetArray(o: OffsetRange | NodeRange): o is NodeRange {
  return Array.isArray(o);
}
