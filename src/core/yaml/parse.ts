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
  LineCounter,
  Parser,
  YAMLError,
  YAMLParseError,
  YAMLWarning,
  YAMLSeq,
  isCollection,
  type CST,
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  type Scalar,
  type ToJSOptions,
  type DocumentOptions,
  type ParseOptions,
  type SchemaOptions,
} from 'yaml';
import type { Position, Range } from '../diagnostic';
import { fastIdsStandIn, knownIdsOf } from './fastIds';

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
      isScalar(contents) &&
      contents.value === null &&
      contents.range[0] === contents.range[1] &&
      contents.tag === undefined &&
      contents.anchor === undefined
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
 * `document.toJS(options)`; for a document whose long `ids` list the fast path built (scalars
 * without anchors), that list's values are read off its nodes rather than converted one by one.
 */
function documentToJS(document: Document.Parsed, options: ToJSOptions): unknown {
  const map = document.contents;
  if (document.errors.length === 0 && isMap(map)) {
    const pair = map.items.find((p) => isScalar(p.key) && p.key.value === 'ids');
    const seq = pair?.value;
    if (pair !== undefined && isSeq(seq) && knownIdsOf.has(seq) && seq.items.every((n) => isScalar(n) && n.anchor === undefined)) {
      pair.value = new YAMLSeq() as typeof seq;
      try {
        const value = document.toJS(options) as Record<string, unknown>;
        value.ids = seq.items.map((n) => (n as Scalar).value);
        return value;
      } finally {
        pair.value = seq;
      }
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

/** A whole file: its text, its documents, and offset <-> position conversion. */
export class ParsedFile {
  private lines: LineCounter | undefined;

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
  ) {}

  /** The `yaml` line counter of the text, built on first use. */
  get lineCounter(): LineCounter {
    if (this.lines === undefined) {
      const lc = new LineCounter();
      lc.addNewLine(0);
      const text = this.text;
      let i = text.indexOf('\n');
      while (i !== -1) {
        lc.addNewLine(i + 1);
        i = text.indexOf('\n', i + 1);
      }
      this.lines = lc;
    }
    return this.lines;
  }

  /** Number of lines (a final line without a line break counts; an empty text has 1 line). */
  get lineCount(): number {
    return this.lineCounter.lineStarts.length;
  }

  /** Offset of the first character of a 0-based line (clamped to the text). */
  lineStart(line: number): number {
    const starts = this.lineCounter.lineStarts;
    if (line <= 0) {
      return 0;
    }
    if (line >= starts.length) {
      return this.text.length;
    }
    return starts[line];
  }

  /** Offset just after the last character of a 0-based line, before its `\n` or `\r\n`. */
  lineEnd(line: number): number {
    const starts = this.lineCounter.lineStarts;
    if (line < 0) {
      return 0;
    }
    if (line >= starts.length - 1) {
      return this.text.length - (this.text.endsWith('\r') && line === starts.length - 1 ? 1 : 0);
    }
    let end = starts[line + 1] - 1; // the '\n'
    if (end > starts[line] && this.text.charCodeAt(end - 1) === 13) {
      end -= 1;
    }
    return end;
  }

  /** 0-based position of an offset (clamped to the text). */
  positionAt(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    const { line, col } = this.lineCounter.linePos(o);
    return { line: line - 1, character: col - 1 };
  }

  /** Offset of a 0-based position; a character past the end of its line is clamped to it. */
  offsetAt(position: Position): number {
    const starts = this.lineCounter.lineStarts;
    if (position.line < 0) {
      return 0;
    }
    if (position.line >= starts.length) {
      return this.text.length;
    }
    const start = starts[position.line];
    return Math.min(start + Math.max(0, position.character), this.lineEnd(position.line));
  }

  /**
   * The 0-based range of offsets: an {@link OffsetRange}, or a `yaml` node range
   * (`[start, valueEnd, nodeEnd]`; only the first two are used).
   */
  rangeOf(offsets: OffsetRange | readonly number[]): Range {
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
      if (docs[mid].start <= offset) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return docs[lo];
  }
}

function isOffsetArray(o: OffsetRange | readonly number[]): o is readonly number[] {
  return Array.isArray(o);
}

/**
 * Parses a whole file. With `previous` (an earlier parse of the same file), documents whose source
 * text is unchanged are taken over instead of parsed again; the result is the same as a parse
 * without `previous`. `previous` is taken over: the documents it shares with the new parse move
 * with it (and long `ids` lists keep their nodes, moved in place), so it is not to be used again.
 */
export function parseFile(source: string, previous?: ParsedFile): ParsedFile {
  // A lone `\r` is a line break in YAML (and in LSP positions), but not to the `yaml` package: the
  // file is read with each one as a `\n`. Same length, so every offset and position holds for the
  // source as the editor has it.
  const text = withLoneCrAsLf(source);
  const bounds = splitDocuments(text);
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
  const slices: Slice[] = [];
  let parsed = 0;
  let reused = 0;
  let moved = 0;
  for (let i = 0; i < bounds.length; i++) {
    const [start, end] = bounds[i];
    const source = text.slice(start, end);
    const candidates = oldByLength.get(source.length);
    let slice: Slice | undefined;
    if (candidates !== undefined) {
      // Prefer a slice that did not move (no offsets to shift), then any equal one.
      // A run that ends the file parses differently from one that another run follows.
      const last = i === bounds.length - 1;
      const index =
        indexWhere(candidates, (c) => c.start === start && c.last === last && c.source === source) ??
        indexWhere(candidates, (c) => c.last === last && c.source === source);
      if (index !== undefined) {
        const match = candidates[index];
        candidates.splice(index, 1);
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
      slice = parseSlice(source, start, end, i === bounds.length - 1);
      parsed++;
    }
    // A slice whose parse depends on its neighbours is parsed again together with them. (An
    // unclosed quote: the lexer looks for the closing quote in the rest of the file and, when
    // there is none, runs the scalar over the following `---` lines.)
    if (slice.dependsOn.has('previous') && i > 0) {
      slices.pop();
      bounds.splice(i - 1, 2, [bounds[i - 1][0], end]);
      i -= 2;
      continue;
    }
    if (slice.dependsOn.has('rest') && i < bounds.length - 1) {
      bounds.splice(i, bounds.length - i, [start, text.length]);
      i--;
      continue;
    }
    if (slice.dependsOn.has('next') && i < bounds.length - 1) {
      bounds.splice(i, 2, [start, bounds[i + 1][1]]);
      i--;
      continue;
    }
    slices.push(slice);
  }
  const documents: ParsedDocument[] = [];
  const streamErrors: YAMLError[] = [];
  for (const slice of slices) {
    slice.documents.forEach((doc, i) => {
      documents.push(new ParsedDocument(documents.length, doc, slice.states[i]));
    });
    streamErrors.push(...slice.streamErrors);
  }
  return new ParsedFile(text, documents, streamErrors, slices, {
    slices: slices.length,
    parsed,
    reused,
    moved,
  });
}

function withLoneCrAsLf(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

function indexWhere<T>(list: readonly T[], predicate: (item: T) => boolean): number | undefined {
  const i = list.findIndex(predicate);
  return i === -1 ? undefined : i;
}

/** Appended to a run of text that another run follows: the `---` line that starts that run. */
const NEXT_DOCUMENT = '---\n';

type Token = CST.Token;

function parseSlice(source: string, start: number, end: number, last: boolean): Slice {
  // Fast path (issue 9, see fastIds.ts): a long simple `ids` list is parsed from a same-length
  // stand-in text and its nodes are built directly; anything unexpected parses the source as is.
  const fast = fastIdsStandIn(source, YAML_OPTIONS);
  if (fast !== undefined) {
    const slice = parseSliceText(fast.text, source, start, end, last);
    if (fast.restore(slice.documents, start)) return slice;
  }
  return parseSliceText(source, source, start, end, last);
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

/** Parses `text` (the source, or a stand-in of the same length) as the slice `source`. */
function parseSliceText(text: string, source: string, start: number, end: number, last: boolean): Slice {
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
  const documents = Array.from(
    composer.compose(tokens(last ? text : text + NEXT_DOCUMENT)),
  ) as Document.Parsed[];
  if (!last) {
    const next = documents.pop();
    if (next === undefined || next.range[0] !== end) {
      dependsOn.add('rest'); // cannot happen: the appended line always starts a document
    } else if (next.commentBefore != null || next.errors.length > 0 || next.warnings.length > 0) {
      // Comments outside the last document belong to the next one.
      dependsOn.add('next');
    }
  }
  const streamErrors = documents.length === 0 ? composer.streamInfo().errors : [];
  if (cut !== -1) {
    const error = new YAMLParseError([start + cut, start + cut + 1], 'RESOURCE_EXHAUSTION', `Flow collections nested more than ${MAX_FLOW_DEPTH} levels deep are not read`);
    const doc = [...documents].reverse().find((d) => d.range[0] <= start + cut);
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
  };
}

/**
 * Whether a quoted-scalar lexeme holds its closing quote, by the `yaml` lexer's own search (a
 * doubled `''` or a `\"` escape does not close). When it does not, the lexer searched the rest of
 * the text for one, so how the slice parses depends on text after it.
 */
function quoteCloses(lexeme: string): boolean {
  const quote = lexeme[0];
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
  return {
    start: slice.start + delta,
    end: slice.end + delta,
    source,
    documents: slice.documents.map((doc) => shiftDocument(doc, delta)),
    states: slice.states,
    streamErrors: slice.streamErrors.map((e) => shiftError(e, delta)),
    dependsOn: slice.dependsOn,
    last: slice.last,
  };
}

/**
 * Moves a document by `delta`, in place: its range, errors and every node. (No copy: cloning a
 * 100,000-id document on every edit above it would cost more than parsing it with the fast path.)
 */
function shiftDocument(doc: Document.Parsed, delta: number): Document.Parsed {
  doc.range = [doc.range[0] + delta, doc.range[1] + delta, doc.range[2] + delta];
  doc.errors = doc.errors.map((e) => shiftError(e, delta));
  doc.warnings = doc.warnings.map((e) => shiftError(e, delta));
  // Iterative walk: deeply nested documents must not overflow the stack.
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const item = stack.pop();
    if (isPair(item)) {
      stack.push(item.key, item.value);
    } else if (isNode(item)) {
      const r = item.range;
      if (r) {
        r[0] += delta;
        r[1] += delta;
        r[2] += delta;
      }
      if (isCollection(item)) {
        for (const child of item.items) {
          stack.push(child);
        }
      }
    }
  }
  return doc;
}

function shiftError(e: YAMLError, delta: number): YAMLError {
  const pos: [number, number] = [e.pos[0] + delta, e.pos[1] + delta];
  return e instanceof YAMLWarning
    ? new YAMLWarning(pos, e.code, e.message)
    : new YAMLParseError(pos, e.code, e.message);
}

/**
 * Cuts a file into runs of text that parse independently: a cut before every line that starts a
 * document (`---` followed by a space, a tab, a line break or the end). YAML forbids such a line
 * inside any scalar or collection, so it always starts a new document, and a run of text from one
 * such line to the next parses exactly as it does inside the whole file. Comment-only text before
 * the first `---` belongs to that document (as its leading comment), so no cut is made there.
 *
 * Directives (`%YAML`, `%TAG`) carry state from one document to the next, and text after a `...`
 * document-end line goes to the next document, so a file with either is not cut at all. (Two more
 * exceptions are handled by {@link parseFile} after parsing a run: the `yaml` lexer runs an
 * unclosed quoted scalar over `---` lines when no closing quote follows, so such a run is merged
 * with the rest of the file; and comments after a document's end, outside it, belong to the next
 * document, so such a run is merged with the next one.)
 *
 * @returns the `[start, end)` offsets of each run; one run for the whole text when it is not cut.
 */
export function splitDocuments(text: string): Array<[number, number]> {
  const cuts: number[] = [];
  let lineStart = 0;
  const length = text.length;
  while (lineStart < length) {
    let i = lineStart;
    if (i === 0 && text.charCodeAt(0) === 0xfeff) {
      i++; // a byte order mark is skipped at the start of the stream only
    }
    const c = text.charCodeAt(i);
    if (c === 0x25 /* % */) {
      return [[0, length]];
    }
    if ((c === 0x2d /* - */ || c === 0x2e) /* . */ && text.charCodeAt(i + 1) === c && text.charCodeAt(i + 2) === c) {
      const after = text.charCodeAt(i + 3);
      // NaN (end of text), space, tab, \n, \r
      if (Number.isNaN(after) || after === 0x20 || after === 0x09 || after === 0x0a || after === 0x0d) {
        if (c === 0x2e) {
          return [[0, length]];
        }
        if (lineStart > 0) {
          cuts.push(lineStart);
        }
      }
    }
    const nl = text.indexOf('\n', lineStart);
    if (nl === -1) {
      break;
    }
    lineStart = nl + 1;
  }
  if (cuts.length > 0 && !hasContent(text, 0, cuts[0])) {
    cuts.shift();
  }
  const out: Array<[number, number]> = [];
  let start = 0;
  for (const cut of cuts) {
    out.push([start, cut]);
    start = cut;
  }
  out.push([start, length]);
  return out;
}

/** True when `text[start, end)` holds anything but blank lines and comments. */
function hasContent(text: string, start: number, end: number): boolean {
  let lineStart = start;
  while (lineStart < end) {
    let nl = text.indexOf('\n', lineStart);
    if (nl === -1 || nl > end) {
      nl = end;
    }
    const line = text.slice(lineStart, nl).replace(/^\uFEFF/, '').trim();
    if (line !== '' && !line.startsWith('#')) {
      return true;
    }
    lineStart = nl + 1;
  }
  return false;
}
