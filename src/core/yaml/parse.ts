// Parsing a target-settings file: every YAML document with node ranges, plain-JS values computed
// safely (alias limits), offset <-> position conversion, and an incremental re-parse that reuses
// the documents whose source text did not change.
//
// Offsets are 0-based UTF-16 indices into the file text (what JS strings, the `yaml` package and
// VS Code's offsetAt use). Positions are 0-based line/character, as in VS Code.

import {
  Composer,
  Document,
  Lexer,
  Parser,
  YAMLError,
  YAMLParseError,
  YAMLWarning,
  YAMLSeq,
  isCollection,
  type CST,
  isNode,
  isPair,
  isScalar,
  type ToJSOptions,
  type DocumentOptions,
  type ParseOptions,
  type SchemaOptions,
} from 'yaml';
import type { Position, Range } from '../diagnostic';
import { markerLines, splitAt, updateMarkerLines } from './documents';
import { fastIdsOf, fastListOf, moveScan, readIds, type IdsScan } from './fastIds';
import { upperBound } from './idsText';
import { commonEnds, fitsLengths, type TextChange } from './textChange';
import { lineStarts, updateLineStarts } from './lineStarts';

/** A half-open range of offsets `[start, end)` into the file text. */
export interface OffsetRange {
  readonly start: number;
  readonly end: number;
}

/**
 * Most alias expansions `toJS` performs before it gives up (the `yaml` package's own guard against
 * "billion laughs" documents). A document over the limit gets no value, and
 * {@link ParsedDocument.valueError} says why.
 */
export const MAX_ALIAS_COUNT = 100;

/** The options every parse uses: YAML 1.2 core schema, unique keys, no console output. */
export const YAML_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  version: '1.2',
  uniqueKeys: true,
  strict: true,
  prettyErrors: false,
  keepSourceTokens: false,
  logLevel: 'error',
};

/** Why a document has no plain-JS value. */
export interface DocumentValueError {
  /** `alias-limit`: aliases expand beyond {@link MAX_ALIAS_COUNT}; `other`: anything else. */
  readonly kind: 'alias-limit' | 'other';
  readonly message: string;
}

interface ValueState {
  computed: boolean;
  value: unknown;
  error: DocumentValueError | undefined;
  /** Whether computing the value resolved any alias. */
  usesAliases: boolean;
}

/**
 * One YAML document of a file. `document` is the `yaml` package's AST; every node's `range` is in
 * offsets of the whole file (not of the document). Treat the AST and `value` as read-only: they
 * may be shared with later parses of the same text.
 */
export class ParsedDocument {
  /** @internal */
  constructor(
    /** 0-based index of the document in the file. */
    readonly index: number,
    /** The `yaml` AST, with file offsets. */
    readonly document: Document.Parsed,
    private readonly state: ValueState,
  ) {}

  /** Offset where the document starts (its `---` line, or its first content). */
  get start(): number {
    return this.document.range[0];
  }

  /** Offset where the document ends, trailing comments included (exclusive). */
  get end(): number {
    return this.document.range[2];
  }

  /** YAML errors of this document (syntax, duplicate keys, tabs, ...). */
  get errors(): readonly YAMLError[] {
    return this.document.errors;
  }

  /** YAML warnings of this document. */
  get warnings(): readonly YAMLError[] {
    return this.document.warnings;
  }

  /** True when the document holds no node at all (only `---`, comments or blank lines). */
  get isEmpty(): boolean {
    const contents = this.document.contents;
    if (contents == null) {
      return true;
    }
    return (
      isScalar(contents) && contents.value === null && contents.range[0] === contents.range[1] && contents.tag === undefined && contents.anchor === undefined
    );
  }

  /**
   * The document as plain JS data (`toJS` with {@link MAX_ALIAS_COUNT}), computed on first use.
   * `undefined` when it cannot be computed; {@link valueError} then says why.
   */
  get value(): unknown {
    return this.compute().value;
  }

  /** Why {@link value} is `undefined`, if it is. */
  get valueError(): DocumentValueError | undefined {
    return this.compute().error;
  }

  /** Whether {@link value} expanded any alias (`*name`); false when the value failed. */
  get usesAliases(): boolean {
    return this.compute().usesAliases;
  }

  private compute(): ValueState {
    const state = this.state;
    if (!state.computed) {
      state.computed = true;
      let usesAliases = false;
      try {
        state.value = documentToJS(this.document, {
          maxAliasCount: MAX_ALIAS_COUNT,
          // `count` is 1 for the anchored node itself, plus 1 per alias resolved to it.
          onAnchor: (_value, count) => {
            if (count > 1) usesAliases = true;
          },
        });
        state.usesAliases = usesAliases;
      } catch (error) {
        state.value = undefined;
        const message = error instanceof Error ? error.message : String(error);
        state.error = {
          kind: error instanceof ReferenceError && /alias/i.test(message) ? 'alias-limit' : 'other',
          message,
        };
      }
    }
    return state;
  }
}

/**
 * `document.toJS(options)`; for a document whose long `ids` list the fast path built, that list's
 * values are the fast path's (kept up to date from one version to the next) rather than converted
 * one by one.
 */
function documentToJS(document: Document.Parsed, options: ToJSOptions): unknown {
  const fast = fastIdsOf(document);
  const ids = fast?.list.values;
  if (fast !== undefined && ids !== undefined) {
    const seq = fast.pair.value;
    fast.pair.value = new YAMLSeq();
    try {
      const value = document.toJS(options) as Record<string, unknown>;
      value.ids = ids;
      return value;
    } finally {
      fast.pair.value = seq;
    }
  }
  return document.toJS(options);
}

/** @internal One run of text parsed on its own: a set of whole documents. */
interface Slice {
  readonly start: number;
  readonly end: number;
  readonly source: string;
  readonly documents: readonly Document.Parsed[];
  readonly states: readonly ValueState[];
  readonly streamErrors: readonly YAMLError[];
  /**
   * How the slice's parse depends on the text around it. `rest`: a quoted scalar is not closed
   * (the lexer looks for the closing quote in the rest of the file). `next`: it ends with comments
   * outside its last document (they go to the next document). `previous`: the parser reported
   * errors before its first document was complete (the `yaml` package gives such errors to the
   * document before).
   */
  readonly dependsOn: ReadonlySet<'rest' | 'next' | 'previous'>;
  /** Whether the slice ends the file (else it was parsed with the next `---` line after it). */
  readonly last: boolean;
  /** The `ids` list the fast path read in it, for the next version of the same text to start from. */
  readonly ids: IdsScan | undefined;
}

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
}

/** @internal What a parse of a file keeps for the parse of its next version. */
interface FileBasis {
  /** The text as given. */
  readonly source: string;
  /** Whether it has a lone `\r` (else the parse's text is the source itself). */
  readonly loneCr: boolean;
  /** The marker lines of the text (see documents.ts). */
  readonly markers: readonly number[];
}

/** A whole file: its text, its documents, and offset <-> position conversion. */
export class ParsedFile {
  /** @internal */
  constructor(
    /** The file's text, each lone `\r` line break read as `\n` (same length, same offsets). */
    readonly text: string,
    /** Every document of the file, in order. Empty for a file with no document at all. */
    readonly documents: readonly ParsedDocument[],
    /** Errors outside any document (only possible when {@link documents} is empty). */
    readonly streamErrors: readonly YAMLError[],
    /** @internal */
    readonly slices: readonly Slice[],
    /** What the parse did (reuse counts). */
    readonly stats: ParseStats,
    /** @internal What the next version's parse starts from. */
    readonly basis: FileBasis,
    /** Where each line starts, when known (else worked out on first use). */
    private lines?: number[],
  ) {}

  /** @internal The line starts, if worked out, for the parse of the next version to take over. */
  takeLineStarts(): number[] | undefined {
    const lines = this.lines;
    this.lines = undefined;
    return lines;
  }

  private get starts(): number[] {
    this.lines ??= lineStarts(this.text);
    return this.lines;
  }

  /** Number of lines (a final line without a line break counts; an empty text has 1 line). */
  get lineCount(): number {
    return this.starts.length;
  }

  /** Offset of the first character of a 0-based line (clamped to the text). */
  lineStart(line: number): number {
    const starts = this.starts;
    if (line <= 0) {
      return 0;
    }
    return starts[line] ?? this.text.length;
  }

  /** Offset just after the last character of a 0-based line, before its `\n` or `\r\n`. */
  lineEnd(line: number): number {
    const starts = this.starts;
    if (line < 0) {
      return 0;
    }
    if (line >= starts.length - 1) {
      return this.text.length - (this.text.endsWith('\r') && line === starts.length - 1 ? 1 : 0);
    }
    // (A line before the last: it and the next have starts.)
    let end = starts[line + 1]! - 1; // the '\n'
    if (end > starts[line]! && this.text.charCodeAt(end - 1) === 13) {
      end -= 1;
    }
    return end;
  }

  /** 0-based position of an offset (clamped to the text). */
  positionAt(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    const starts = this.starts;
    const line = upperBound(starts, o) - 1; // line 0 starts at 0 <= o
    return { line, character: o - starts[line]! };
  }

  /** Offset of a 0-based position; a character past the end of its line is clamped to it. */
  offsetAt(position: Position): number {
    const starts = this.starts;
    if (position.line < 0) {
      return 0;
    }
    if (position.line >= starts.length) {
      return this.text.length;
    }
    const start = starts[position.line]!;
    return Math.min(start + Math.max(0, position.character), this.lineEnd(position.line));
  }

  /**
   * The 0-based range of offsets: an {@link OffsetRange}, or a `yaml` node range
   * (`[start, valueEnd, nodeEnd]`; only the first two are used).
   */
  rangeOf(offsets: OffsetRange | NodeRange): Range {
    const start = isOffsetArray(offsets) ? offsets[0] : offsets.start;
    const end = isOffsetArray(offsets) ? offsets[1] : offsets.end;
    return { start: this.positionAt(start), end: this.positionAt(Math.max(start, end)) };
  }

  /**
   * The document an offset belongs to: the last one starting at or before it (text before the
   * first document belongs to the first). `undefined` for a file without documents.
   */
  documentAt(offset: number): ParsedDocument | undefined {
    const docs = this.documents;
    if (docs.length === 0) {
      return undefined;
    }
    let lo = 0;
    let hi = docs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (docs[mid]!.start <= offset) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return docs[lo];
  }
}

/** A `yaml` node's range: `[start, valueEnd, nodeEnd]`. */
type NodeRange = readonly [number, number, ...number[]];

function isOffsetArray(o: OffsetRange | NodeRange): o is NodeRange {
  return Array.isArray(o);
}

/**
 * Parses a whole file. With `previous` (an earlier parse of the same file), documents whose source
 * text is unchanged are taken over instead of parsed again; the result is the same as a parse
 * without `previous`. `previous` is taken over: the documents it shares with the new parse move
 * with it (and long `ids` lists keep their nodes, moved in place), so it is not to be used again.
 * `change`, where `source` differs from the text of `previous`, spares comparing the two texts;
 * one that cannot be (lengths that do not add up) is ignored.
 */
export function parseFile(source: string, previous?: ParsedFile, change?: TextChange): ParsedFile {
  // A lone `\r` is a line break in YAML (and in LSP positions), but not to the `yaml` package: the
  // file is read with each one as a `\n`. Same length, so every offset and position holds for the
  // source as the editor has it.
  const basis = basisOf(source, previous?.basis, previous?.text, change);
  const text = basis.text;
  const bounds = splitAt(text, basis.markers);
  const oldByLength = new Map<number, Slice[]>();
  if (previous !== undefined) {
    for (const s of previous.slices) {
      const list = oldByLength.get(s.source.length);
      if (list === undefined) {
        oldByLength.set(s.source.length, [s]);
      } else {
        list.push(s);
      }
    }
  }
  const take = (old: Slice): void => {
    const list = oldByLength.get(old.source.length);
    const at = list?.indexOf(old) ?? -1;
    if (at !== -1) list!.splice(at, 1);
  };
  /** The `ids` list of the old slice at index `i`, when no new slice took that slice over (it is taken over here). */
  const idsToUpdate = (i: number): IdsScan | undefined => {
    const old = previous?.slices[i];
    if (old === undefined || old.ids === undefined || !oldByLength.get(old.source.length)?.includes(old)) return undefined;
    take(old);
    return old.ids;
  };
  const slices: Slice[] = [];
  let parsed = 0;
  let reused = 0;
  let moved = 0;
  for (let i = 0; i < bounds.length; i++) {
    const [start, end] = bounds[i]!;
    const source = text.slice(start, end);
    const candidates = oldByLength.get(source.length);
    let slice: Slice | undefined;
    if (candidates !== undefined && basis.change !== undefined) {
      // The last version's slice of the same text: where this one is, if it is before the change,
      // or that far before, if after it. A run that ends the file parses differently from one
      // that another run follows.
      const last = i === bounds.length - 1;
      const from = oldStartOf(basis.change, start, end);
      const match = candidates.find((c) => c.start === from && c.last === last);
      if (match !== undefined) {
        take(match);
        if (match.start === start) {
          slice = match;
          reused++;
        } else {
          slice = moveSlice(match, start - match.start, source);
          moved++;
        }
      }
    }
    if (slice === undefined) {
      slice = parseSlice(source, start, end, i === bounds.length - 1, idsToUpdate(i), basis.change);
      parsed++;
    }
    // A slice whose parse depends on its neighbours is parsed again together with them. (An
    // unclosed quote: the lexer looks for the closing quote in the rest of the file and, when
    // there is none, runs the scalar over the following `---` lines.)
    if (slice.dependsOn.has('previous') && i > 0) {
      slices.pop();
      bounds.splice(i - 1, 2, [bounds[i - 1]![0], end]);
      i -= 2;
      continue;
    }
    if (slice.dependsOn.has('rest') && i < bounds.length - 1) {
      bounds.splice(i, bounds.length - i, [start, text.length]);
      i--;
      continue;
    }
    if (slice.dependsOn.has('next') && i < bounds.length - 1) {
      bounds.splice(i, 2, [start, bounds[i + 1]![1]]);
      i--;
      continue;
    }
    slices.push(slice);
  }
  const documents: ParsedDocument[] = [];
  const streamErrors: YAMLError[] = [];
  for (const slice of slices) {
    slice.documents.forEach((doc, i) => {
      documents.push(new ParsedDocument(documents.length, doc, slice.states[i]!));
    });
    streamErrors.push(...slice.streamErrors);
  }
  // The line starts, when the last version worked them out, brought up to date.
  const lines = basis.change !== undefined ? previous?.takeLineStarts() : undefined;
  if (lines !== undefined) updateLineStarts(lines, text, basis.change!);
  return new ParsedFile(
    text,
    documents,
    streamErrors,
    slices,
    {
      slices: slices.length,
      parsed,
      reused,
      moved,
    },
    { source, loneCr: basis.loneCr, markers: basis.markers },
    lines,
  );
}

/**
 * Where the text `[start, end)` of the new version was in the last one, when the change left it
 * as it was (the change is the whole difference, so no text needs comparing).
 */
function oldStartOf(change: TextChange, start: number, end: number): number | undefined {
  if (end <= change.start) return start;
  if (start >= change.newEnd) return start - (change.newEnd - change.oldEnd);
  return undefined;
}

function withLoneCrAsLf(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/**
 * The text to parse (each lone `\r` read as `\n`) and its marker lines, worked out again only
 * around the edit when the last version's are known: a `\r` is lone or not by the character after
 * it, so only those in the edit and the one right before it can change. `change`: where `source`
 * differs from the last version's, if known; the result's `change` is where `text` differs.
 */
function basisOf(
  source: string,
  previous: FileBasis | undefined,
  previousText: string | undefined,
  known: TextChange | undefined,
): FileBasis & { text: string; change?: TextChange } {
  if (previous === undefined || previousText === undefined) {
    const text = withLoneCrAsLf(source);
    return { source, text, loneCr: text !== source, markers: markerLines(text) };
  }
  let change = known;
  if (change === undefined || !fitsLengths(change, previous.source.length, source.length)) {
    const { prefix, suffix } = commonEnds(previous.source, source);
    change = { start: prefix, oldEnd: previous.source.length - suffix, newEnd: source.length - suffix };
  }
  let text = source;
  let loneCr = previous.loneCr;
  const from = Math.max(0, change.start - 1);
  if (loneCr || hasLoneCr(source, from, change.newEnd)) {
    // The edited part (and the character after it, to tell a lone `\r` at its end) read again.
    const edited = withLoneCrAsLf(source.slice(from, change.newEnd + 1)).slice(0, change.newEnd - from);
    text = previousText.slice(0, from) + edited + previousText.slice(change.oldEnd);
    loneCr = true;
    change = { ...change, start: from };
  }
  return { source, text, loneCr, markers: updateMarkerLines(previous.markers, text, change), change };
}

/** Whether `source[from, to)` holds a `\r` not followed by `\n`. */
function hasLoneCr(source: string, from: number, to: number): boolean {
  const part = source.slice(from, to);
  for (let i = part.indexOf('\r'); i !== -1; i = part.indexOf('\r', i + 1)) {
    if (source.charCodeAt(from + i + 1) !== 0x0a) return true;
  }
  return false;
}

/** Appended to a run of text that another run follows: the `---` line that starts that run. */
const NEXT_DOCUMENT = '---\n';

type Token = CST.Token;

/**
 * Parses a slice; `ids`: the `ids` list read in the last version of its text (taken over),
 * `change`: the file's change since then, if known.
 */
function parseSlice(source: string, start: number, end: number, last: boolean, ids: IdsScan | undefined, change: TextChange | undefined): Slice {
  // Fast path (see fastIds.ts): a long simple `ids` list is parsed from a short stand-in text and
  // its nodes are put in directly; anything unexpected parses the source as is.
  const fast = readIds(source, YAML_OPTIONS, ids, start, change);
  if (fast.standIn !== undefined) {
    const slice = parseSliceText(fast.standIn.text, source, start, end, last, fast.scan, fast.standIn.toFile);
    if (fast.standIn.restore(slice.documents, start)) return slice;
  }
  return parseSliceText(source, source, start, end, last, fast.scan);
}

/**
 * Deepest nesting of flow collections (`[`, `{`) the parser is given. The `yaml` package nests a
 * call per level: thousands of open brackets would run it out of stack, and where that happens
 * inside V8's regular expression compiler the process aborts instead of throwing.
 */
export const MAX_FLOW_DEPTH = 256;

/**
 * Where the flow nesting of `text` first goes deeper than {@link MAX_FLOW_DEPTH}, or -1. Brackets
 * in quotes and comments are not counted (roughly: this guards against pathological input, it is
 * not a parser). Most texts have fewer brackets than the limit in all, and are not scanned.
 */
function tooDeepAt(text: string): number {
  let count = 0;
  for (const bracket of ['[', '{']) {
    for (let i = text.indexOf(bracket); i !== -1 && count < MAX_FLOW_DEPTH; i = text.indexOf(bracket, i + 1)) count++;
  }
  if (count < MAX_FLOW_DEPTH) return -1;
  let depth = 0;
  let quote = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) {
      quote = c;
    } else if (c === 0x23 /* # */ && (i === 0 || text.charCodeAt(i - 1) <= 0x20)) {
      while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_FLOW_DEPTH) return i;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) {
      depth--;
    }
  }
  return -1;
}

/**
 * Parses `text` as the slice `source`: the source itself, or a stand-in whose offsets `toFile`
 * turns into the source's.
 */
function parseSliceText(
  text: string,
  source: string,
  start: number,
  end: number,
  last: boolean,
  ids: IdsScan | undefined,
  toFile?: (offset: number) => number,
): Slice {
  // Too deep: the text from there on is read as blank (line breaks kept), and the document says why.
  const cut = tooDeepAt(text);
  if (cut !== -1) text = text.slice(0, cut) + text.slice(cut).replace(/[^\r\n]/g, ' ');
  const parser = new Parser();
  // Tokens, and so every node range and error position, get offsets of the whole file.
  parser.offset = start;
  const composer = new Composer(YAML_OPTIONS);
  const dependsOn = new Set<'rest' | 'next' | 'previous'>();
  let seenDocument = false;
  function* watch(tokens: Iterable<Token>) {
    for (const token of tokens) {
      if (token.type === 'document') {
        seenDocument = true;
      } else if (token.type === 'error' && !seenDocument) {
        dependsOn.add('previous');
      }
      yield token;
    }
  }
  // Parser.parse(text), with a look at each lexeme and each top-level token on the way.
  function* tokens(text: string) {
    for (const lexeme of new Lexer().lex(text, false)) {
      if ((lexeme[0] === '"' || lexeme[0] === "'") && !quoteCloses(lexeme)) {
        dependsOn.add('rest');
      }
      yield* watch(parser.next(lexeme));
    }
    yield* watch(parser.end());
  }
  // A run that another one follows is parsed with that run's `---` line after it: the lexer and
  // the parser end its last document exactly as they do in the whole file (an open flow
  // collection, pending comments and line breaks are settled by that line).
  const documents = Array.from<Document.Parsed>(composer.compose(tokens(last ? text : text + NEXT_DOCUMENT)) as Iterable<Document.Parsed>);
  if (toFile !== undefined) {
    for (const doc of documents) mapDocument(doc, toFile);
  }
  if (!last) {
    const next = documents.pop();
    if (next === undefined || next.range[0] !== end) {
      dependsOn.add('rest'); // cannot happen: the appended line always starts a document
    } else if (next.commentBefore != null || next.errors.length > 0 || next.warnings.length > 0) {
      // Comments outside the last document belong to the next one.
      dependsOn.add('next');
    }
  }
  const streamErrors = documents.length === 0 ? composer.streamInfo().errors.map((e) => (toFile === undefined ? e : mapError(e, toFile))) : [];
  if (cut !== -1) {
    const at = toFile === undefined ? start + cut : toFile(start + cut);
    const error = new YAMLParseError([at, at + 1], 'RESOURCE_EXHAUSTION', `Flow collections nested more than ${MAX_FLOW_DEPTH} levels deep are not read`);
    const doc = [...documents].reverse().find((d) => d.range[0] <= at);
    if (doc !== undefined) doc.errors.push(error);
    else streamErrors.push(error);
  }
  return {
    start,
    end,
    source,
    documents,
    states: documents.map(() => ({ computed: false, value: undefined, error: undefined, usesAliases: false })),
    streamErrors,
    dependsOn,
    last,
    ids,
  };
}

/**
 * Whether a quoted-scalar lexeme holds its closing quote, by the `yaml` lexer's own search (a
 * doubled `''` or a `\"` escape does not close). When it does not, the lexer searched the rest of
 * the text for one, so how the slice parses depends on text after it.
 */
function quoteCloses(lexeme: string): boolean {
  const quote = lexeme.charAt(0);
  let end = lexeme.indexOf(quote, 1);
  if (quote === "'") {
    while (end !== -1 && lexeme[end + 1] === "'") {
      end = lexeme.indexOf("'", end + 2);
    }
  } else {
    while (end !== -1) {
      let n = 0;
      while (lexeme[end - 1 - n] === '\\') {
        n += 1;
      }
      if (n % 2 === 0) {
        break;
      }
      end = lexeme.indexOf('"', end + 1);
    }
  }
  return end !== -1;
}

/** The slice at another offset: its documents moved in place; values shared. */
function moveSlice(slice: Slice, delta: number, source: string): Slice {
  if (slice.ids !== undefined) moveScan(slice.ids, delta);
  return {
    start: slice.start + delta,
    end: slice.end + delta,
    source,
    documents: slice.documents.map((doc) => mapDocument(doc, (offset) => offset + delta)),
    states: slice.states,
    streamErrors: slice.streamErrors.map((e) => mapError(e, (offset) => offset + delta)),
    dependsOn: slice.dependsOn,
    last: slice.last,
    ids: slice.ids,
  };
}

/**
 * Moves every offset of a document with `map`, in place: its range, errors and every node. (No
 * copy: cloning a 100,000-id document on every edit above it would cost more than parsing it with
 * the fast path.) The nodes of an `ids` list the fast path built are its scan's, which the caller
 * moves.
 */
function mapDocument(doc: Document.Parsed, map: (offset: number) => number): Document.Parsed {
  doc.range = [map(doc.range[0]), map(doc.range[1]), map(doc.range[2])];
  doc.errors = doc.errors.map((e) => mapError(e, map));
  doc.warnings = doc.warnings.map((e) => mapError(e, map));
  // Iterative walk: deeply nested documents must not overflow the stack.
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const item = stack.pop();
    if (isPair(item)) {
      stack.push(item.key, item.value);
    } else if (isNode(item)) {
      const r = item.range;
      if (r) {
        r[0] = map(r[0]);
        r[1] = map(r[1]);
        r[2] = map(r[2]);
      }
      const fast = fastListOf(item);
      if (fast !== undefined) {
        for (const child of fast.parsedItems) {
          stack.push(child);
        }
      } else if (isCollection(item)) {
        for (const child of item.items) {
          stack.push(child);
        }
      }
    }
  }
  return doc;
}

function mapError(e: YAMLError, map: (offset: number) => number): YAMLError {
  const pos: [number, number] = [map(e.pos[0]), map(e.pos[1])];
  return e instanceof YAMLWarning ? new YAMLWarning(pos, e.code, e.message) : new YAMLParseError(pos, e.code, e.message);
}
