// A run of a file's text parsed on its own: whole documents, cut where a `---` line starts one (see
// documents.ts), with the `ids` fast path for a long list (see fastIds.ts). A run whose parse
// depends on the text around it says so, and parseFile parses it again with its neighbours.

import { Composer, Document, Lexer, Parser, YAMLError, YAMLParseError, type CST } from 'yaml';
import { mapDocument, mapError } from './documentMoves';
import { MIN_FAST_IDS, MIN_FAST_IDS_VALUES_FIRST, moveScan, readIds, type IdsScan } from './fastIds';
import { ParsedDocument, YAML_OPTIONS, freshState, type DocumentState, type Moves } from './parsedDocument';
import { StateList, type DocumentStates } from './documentStates';
import { StateColumns } from './stateColumns';
import type { TextChange } from './textChange';
import { detachedSlice } from './detachedSlice';
import { withLoneCrAsLf } from './idsText';
import { readPlainDocuments, readPlainValues } from './fastDocuments';
import { flat, type Text } from './text';
import { partOf } from './chunkedText';
import { Placement, type FileFrame } from './placement';
import { ENV_PLACEHOLDER_START } from '../envPlaceholders';

/**
 * Longest slice whose documents may be dropped (see {@link Slice.drop}): read again when asked for,
 * it takes about a millisecond. A longer one keeps them.
 */
export const MAX_DROPPED_LENGTH = 16384;

/** @internal One run of text parsed on its own: a set of whole documents. */
export class Slice implements Moves {
  /** The length of its text: it is taken over only where a run of the same text is. */
  readonly length: number;
  /** How many documents it holds. */
  readonly count: number;
  /** What each of its documents keeps (see DocumentState). */
  private readonly states: DocumentStates;
  /** The views of its documents made so far, for a slice read with its nodes (see {@link view}). */
  private readonly views: Array<ParsedDocument | undefined> | undefined;
  /**
   * Whether its documents were read for their values first (readPlainValues): it keeps no text, and
   * may hold several runs of text that need no merging (parseDocumentsForValues).
   */
  readonly readForValues: boolean;
  /** Where it started when parsed: its documents' nodes have those offsets until moved. */
  private readonly parsedAt: number;
  /** How far its `ids` scan has moved with it: moved when next read (see {@link ids}). */
  private scanMoved = 0;
  /** Its documents, at file offsets once read (see DocumentState.nodesMoved); none while dropped. */
  private parsed: readonly Document.Parsed[] | undefined;

  constructor(
    /** Where it stands in the latest version of the file. */
    private readonly place: Placement,
    end: number,
    /** Its documents as read (none: read when first asked for, from `input`). */
    documents: readonly Document.Parsed[] | undefined,
    /** What each of them keeps. */
    states: DocumentStates,
    /** (Moved by {@link moveTo}: a slice with any never keeps its place from the end, as a file with any is parsed whole.) */
    public streamErrors: readonly YAMLError[],
    /**
     * How the slice's parse depends on the text around it. `rest`: a quoted scalar is not closed
     * (the lexer looks for the closing quote in the rest of the file). `next`: it ends with comments
     * outside its last document (they go to the next document). `previous`: the parser reported
     * errors before its first document was complete (the `yaml` package gives such errors to the
     * document before).
     */
    readonly dependsOn: ReadonlySet<'rest' | 'next' | 'previous'>,
    /** Whether the slice ends the file (else it was parsed with the next `---` line after it). */
    readonly last: boolean,
    /** The `ids` list the fast path read in it. */
    private readonly scan: IdsScan | undefined,
    /**
     * The text its documents were read from, to read them again once dropped; none for a slice that
     * keeps them, nor for one read for its values, which reads them from the file's text.
     */
    private readonly input: string | undefined,
    /** Whether its documents were read with the fast paths (and are read again so). */
    private readonly fastPaths: boolean,
  ) {
    this.parsedAt = place.start;
    this.length = end - this.parsedAt;
    this.count = states.count;
    this.parsed = documents;
    this.readForValues = documents === undefined;
    this.states = states;
    // (As long as it will be: a list grown from empty holds room for 17.)
    this.views = this.readForValues ? undefined : new Array<ParsedDocument | undefined>(this.count).fill(undefined);
  }

  /** Its documents, read again if they were dropped. */
  get documents(): readonly Document.Parsed[] {
    if (this.parsed === undefined) {
      // (A slice read for its values reads its text where it now is in the latest version: it is one of its slices.)
      const input = this.input ?? sliceInput(flat(partOf(this.place.text, this.start, this.end)), this.start, this.last);
      this.parsed = readSlice(input, this.parsedAt, this.parsedAt + this.length, this.last, this.fastPaths).documents;
      // (Read where the slice was parsed, as at first.)
      this.states.readAgain();
    }
    return this.parsed;
  }

  /**
   * Drops its documents and their values, if it can read them again; says how much text it dropped
   * them from. What was found in them stays (DocumentState.found).
   */
  drop(): number {
    // (A slice read for its values first holds no documents, but their values until dropped.)
    if (this.input === undefined && !this.readForValues) return 0;
    const forgot = this.states.forgetValues();
    if (this.parsed === undefined && !forgot) return 0;
    this.parsed = undefined;
    return this.length;
  }

  get start(): number {
    return this.place.start;
  }

  get end(): number {
    return this.place.start + this.length;
  }

  /** How far it has moved since it was parsed. */
  get moved(): number {
    return this.place.start - this.parsedAt;
  }

  /** The index of its first document in the file. */
  get firstDocument(): number {
    return this.place.firstDocument;
  }

  /** What its document `i` keeps. */
  state(i: number): DocumentState {
    return this.states.at(i);
  }

  /**
   * The file's view of its document `i` (DocumentList): made on each call in a slice read for its
   * values, whose documents are many and small, and seldom read once checked; kept in one read
   * with its nodes.
   */
  view(i: number): ParsedDocument {
    if (this.views === undefined) return new ParsedDocument(i, this);
    return (this.views[i] ??= new ParsedDocument(i, this));
  }

  /** The `ids` list the fast path read in it, where it now is: for the next version of the same text to start from. */
  get ids(): IdsScan | undefined {
    this.moveIds();
    return this.scan;
  }

  /** Moves its `ids` scan, whose nodes its documents hand out, to where the slice now is. */
  moveIds(): void {
    const moved = this.moved;
    if (this.scan === undefined || moved === this.scanMoved) return;
    moveScan(this.scan, moved - this.scanMoved);
    this.scanMoved = moved;
  }

  /** Puts it at `start`, its first document at index `firstDocument` (its place kept from the start of the file). */
  moveTo(start: number, firstDocument: number): void {
    const delta = start - this.start;
    if (delta !== 0 && this.streamErrors.length > 0) this.streamErrors = this.streamErrors.map((e) => mapError(e, (offset) => offset + delta));
    this.place.moveTo(start, firstDocument);
  }

  /** Keeps its place from the end of the file (see placement.ts). */
  keepFromEnd(): void {
    this.place.keepFromEnd();
  }

  /** Keeps its place from the start of the file. */
  keepFromStart(): void {
    this.place.keepFromStart();
  }
}

const NO_STREAM_ERRORS: readonly YAMLError[] = [];
const NO_DEPENDENCIES: ReadonlySet<never> = new Set();

/** Appended to a run of text that another run follows: the `---` line that starts that run. */
const NEXT_DOCUMENT = '---\n';

type Token = CST.Token;

/**
 * Parses a slice of the file `frame` places (see placement.ts); `ids`: the `ids` list read in the
 * last version of its text (taken over), `change`: the file's change since then, if known;
 * `fastPaths`: whether to try the fast paths (fastIds.ts, fastDocuments.ts); `valuesFirst`: see
 * FileParseOptions.valuesFirst.
 */
export function parseSlice(
  source: Text,
  frame: FileFrame,
  start: number,
  end: number,
  last: boolean,
  ids: IdsScan | undefined,
  change: TextChange | undefined,
  fastPaths: boolean,
  valuesFirst = false,
): Slice {
  // Fast path (see fastIds.ts): a long simple `ids` list is parsed from a short stand-in text and
  // its ids are put in the list, their nodes made when asked for; anything unexpected parses the
  // source as is. Without the list of the last version every character is read: from one string,
  // which reads faster than chunks.
  if (ids === undefined) source = flat(source);
  // Read for the values first (FileParseOptions.valuesFirst), a slice of plain documents that can
  // read them again when asked for (see parseSliceText) makes their values and no node, its shorter
  // lists with them. Not one that holds a `${env:NAME}` placeholder: where NAME is not set (a CI
  // job without the secrets, on every run), its `env-not-set` warning reads the nodes, and read
  // twice, 1,000 such documents of 100 ids took 567 ms where read once they took 513 ms.
  const forValues = fastPaths && valuesFirst && ids === undefined && end - start <= MAX_DROPPED_LENGTH && !ENV_PLACEHOLDER_START.test(flat(source));
  const minIds = forValues ? MIN_FAST_IDS_VALUES_FIRST : MIN_FAST_IDS;
  const fast = fastPaths ? readIds(source, YAML_OPTIONS, ids, start, change, minIds) : { scan: undefined, standIn: undefined };
  if (fast.standIn !== undefined) {
    const slice = parseSliceText(fast.standIn.text, frame, start, end, last, fast.scan, fastPaths, fast.standIn.toFile);
    if (fast.standIn.restore(slice.documents, start)) return slice;
  }
  return parseSliceText(flat(source), frame, start, end, last, fast.scan, fastPaths, undefined, forValues);
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
 * Furthest column at which the content of a line may start, after its indentation and any `- `,
 * `? ` and `: ` before it. Every level of block nesting takes a column at least (two for a `- `
 * in a row), so this bounds block nesting as {@link MAX_FLOW_DEPTH} bounds flow nesting: the `yaml`
 * package nests calls per level too, and a few thousand `- ` in a row ran its parser out of stack
 * (a RangeError out of parseFile), or its composer, which then gave up at a depth that depended
 * on how deep the caller's stack already was.
 */
export const MAX_BLOCK_COLUMN = 256;

/** Offset of column {@link MAX_BLOCK_COLUMN} of the first line whose content starts past it, or -1. */
function tooIndentedAt(text: string): number {
  if (text.length <= MAX_BLOCK_COLUMN) return -1;
  for (let start = 0; start !== -1 && start < text.length;) {
    let i = start;
    let c = text.charCodeAt(i);
    let indicators = 0;
    for (;;) {
      while (c === 0x20 || c === 0x09) c = text.charCodeAt(++i);
      const next = text.charCodeAt(i + 1);
      if ((c !== 0x2d && c !== 0x3f && c !== 0x3a) || (next !== 0x20 && next !== 0x09)) break;
      i += 2; // `- `, `? ` or `: `, a level of nesting on the same line
      c = text.charCodeAt(i);
      indicators++;
    }
    // (A blank or comment line nests nothing, however far it is indented.)
    const blank = indicators === 0 && (c === 0x0a || c === 0x0d || c === 0x23 || Number.isNaN(c));
    if (i - start > MAX_BLOCK_COLUMN && !blank) return start + MAX_BLOCK_COLUMN;
    start = text.indexOf('\n', i);
    if (start !== -1) start++;
  }
  return -1;
}

/**
 * Deepest nesting of collections the composer is given (after the two limits above, which keep
 * the parser from running out of stack, a mix of both, or `a: a: a: …` on one line, can still
 * nest deeper). The `yaml` composer catches running out of stack itself, but at a depth that
 * depends on how much stack its caller used, so the same text would give different diagnostics
 * from one call to the next.
 */
export const MAX_NESTING = 300;

/** `text` with `[cut, end)` blank (line breaks kept). */
function blankFrom(text: string, cut: number, end: number): string {
  return text.slice(0, cut) + text.slice(cut, end).replace(/[^\r\n]/g, ' ') + text.slice(end);
}

/** The parser's tokens of a text, and how they depend on the text around it. */
interface Tokens {
  readonly tokens: readonly Token[];
  readonly dependsOn: ReadonlySet<'rest' | 'next' | 'previous'>;
}

/** The last stand-in read, and its tokens. */
let lastStandIn: { text: string; start: number; read: Tokens } | undefined;

/**
 * The tokens of a stand-in text (offsets from `start`). A keystroke in a long `ids` list mostly
 * leaves the stand-in (the text around the list, and the first id of each run) as it was: its
 * tokens are then those of the last read, which the composer only reads. One stand-in is kept.
 */
function readStandIn(text: string, start: number): Tokens {
  if (lastStandIn !== undefined && lastStandIn.start === start && lastStandIn.text === text) return lastStandIn.read;
  const read = readTokens(text, start);
  lastStandIn = { text, start, read };
  return read;
}

/** The parser's tokens of `text` (offsets from `start`), and how they depend on the text around it. */
function readTokens(text: string, start: number): Tokens {
  const parser = new Parser();
  // Tokens, and so every node range and error position, get offsets of the whole file.
  parser.offset = start;
  const dependsOn = new Set<'rest' | 'next' | 'previous'>();
  const tokens: Token[] = [];
  let seenDocument = false;
  const take = (produced: Iterable<Token>): void => {
    for (const token of produced) {
      if (token.type === 'document') {
        seenDocument = true;
      } else if (token.type === 'error' && !seenDocument) {
        dependsOn.add('previous');
      }
      tokens.push(token);
    }
  };
  // Parser.parse(text), with a look at each lexeme and each top-level token on the way.
  for (const lexeme of new Lexer().lex(text, false)) {
    if ((lexeme[0] === '"' || lexeme[0] === "'") && !quoteCloses(lexeme)) {
      dependsOn.add('rest');
    }
    take(parser.next(lexeme));
  }
  take(parser.end());
  return { tokens, dependsOn };
}

/**
 * `make()`, with no stack trace captured for the errors made meanwhile. The composer makes an Error
 * (a YAMLParseError) for each syntax error, and V8 captures a stack trace for each, which nothing
 * reads (the errors become diagnostics): a file whose settings the parse cannot read (ids pasted
 * above them: 92 errors) spent 1.5 ms of every keystroke on them. (An exception of the `yaml`
 * package's own would lose its trace too: the parse is fuzzed, and the message stays.)
 */
function withoutStackTraces<T>(make: () => T): T {
  const errors = Error as { stackTraceLimit?: number };
  const limit = errors.stackTraceLimit;
  errors.stackTraceLimit = 0;
  try {
    return make();
  } finally {
    errors.stackTraceLimit = limit;
  }
}

/** Offset of the first node nested deeper than {@link MAX_NESTING} in the documents of `tokens`, or -1. */
function tooNestedAt(tokens: readonly Token[]): number {
  const stack: { token: Token; depth: number }[] = [];
  for (const top of tokens) {
    if (top.type === 'document' && top.value !== undefined) stack.push({ token: top.value, depth: 1 });
    while (stack.length > 0) {
      const { token, depth } = stack.pop()!;
      if (depth > MAX_NESTING) return token.offset;
      if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') continue;
      // Last first, so that nodes are met in the order of the text.
      for (let i = token.items.length - 1; i >= 0; i--) {
        const item = token.items[i]!;
        if (item.value !== undefined) stack.push({ token: item.value, depth: depth + 1 });
        if ('key' in item && item.key != null) stack.push({ token: item.key, depth: depth + 1 });
      }
    }
  }
  return -1;
}

/**
 * Parses `text` as the slice at `[start, end)` of the file: its own text, or a stand-in whose
 * offsets `toFile` turns into the file's. The `yaml` package is given it with each lone `\r` as `\n`.
 */
function parseSliceText(
  text: string,
  frame: FileFrame,
  start: number,
  end: number,
  last: boolean,
  ids: IdsScan | undefined,
  fastPaths: boolean,
  toFile?: (offset: number) => number,
  forValues = false,
): Slice {
  const input = sliceInput(text, start, last);
  // A slice of its own text, not too long to read again, may drop its documents while they are not
  // read (see Slice.drop): it keeps what it read them from, which its nodes held anyway.
  const again = toFile === undefined && ids === undefined && end - start <= MAX_DROPPED_LENGTH ? input : undefined;
  // Read for its values (see parseSlice), such a slice makes its documents' values and no node:
  // they are read when asked for, from the file's text, as after a drop.
  const values = forValues && again !== undefined ? valuesSlice(input, frame, start, end, last) : undefined;
  if (values !== undefined) return values;
  const { documents, streamErrors, dependsOn } = readSlice(input, start, end, last, fastPaths, toFile);
  // (One empty list and set for all: a slice without stream errors or dependencies keeps none of its own.)
  return new Slice(
    new Placement(frame, start),
    end,
    documents,
    new StateList(documents.map(freshState)),
    streamErrors.length > 0 ? streamErrors : NO_STREAM_ERRORS,
    dependsOn.size > 0 ? dependsOn : NO_DEPENDENCIES,
    last,
    ids,
    again,
    fastPaths,
  );
}

/**
 * What the documents of the slice `[start, end)` are read from: its text with each lone `\r` as
 * `\n`, and the `---` line of the next slice after it unless it is the `last`.
 */
function sliceInput(text: string, start: number, last: boolean): string {
  // A run that another one follows is parsed with that run's `---` line after it: the lexer and
  // the parser end its last document exactly as they do in the whole file (an open flow
  // collection, pending comments and line breaks are settled by that line).
  // The last run of a longer file is a slice of the file's text: it is parsed from a copy, so that
  // its nodes, which later versions may take over, do not keep this version's whole text alive.
  // (The text of a run that another follows, with that `---` line added, is a copy already.)
  text = withLoneCrAsLf(text);
  return !last ? text + NEXT_DOCUMENT : start > 0 ? detachedSlice(text, 0, text.length) : text;
}

/**
 * The slice of plain documents read from `input` for their values (readPlainValues), or `undefined`
 * where they are not such (`stopped`: see readPlainValues).
 */
function valuesSlice(input: string, frame: FileFrame, start: number, end: number, last: boolean, stopped?: { at: number }): Slice | undefined {
  const values = readPlainValues(input, start, last, stopped);
  if (values === undefined) return undefined;
  return new Slice(new Placement(frame, start), end, undefined, new StateColumns(values), NO_STREAM_ERRORS, NO_DEPENDENCIES, last, undefined, undefined, true);
}

/**
 * Longest run of small documents read together as one slice for their values
 * ({@link parseDocumentsForValues}).
 */
export const MAX_GROUPED_LENGTH = 4096;

/**
 * The documents of the runs `[start, end)` of the file (at most {@link MAX_GROUPED_LENGTH}
 * characters), read together for their values (FileParseOptions.valuesFirst); where they are not
 * all plain documents, or one holds a `${env:NAME}` placeholder (see {@link parseSlice}), the file
 * offset where the first that is not starts, or the placeholder. In a file of 100,000 small
 * documents, a slice for each (its placement, lists and text) was a fifth of what the server held;
 * read together, an edit in one of them reads the others again.
 */
export function parseDocumentsForValues(source: Text, frame: FileFrame, start: number, end: number, last: boolean): Slice | number {
  const text = flat(source);
  const placeholder = text.search(ENV_PLACEHOLDER_START);
  if (placeholder !== -1) return start + placeholder;
  const stopped = { at: start };
  return valuesSlice(sliceInput(text, start, last), frame, start, end, last, stopped) ?? stopped.at;
}

/** What the parse of a slice's text gives. */
interface SliceRead {
  readonly documents: Document.Parsed[];
  readonly streamErrors: YAMLError[];
  readonly dependsOn: Set<'rest' | 'next' | 'previous'>;
}

/**
 * Reads `input`, the text of the slice at `[start, end)` (lone `\r` as `\n`), with the next run's
 * `---` line after it unless it is the `last`; `fastPaths`: whether documents of plain block
 * mappings are built directly (fastDocuments.ts); `toFile`: see {@link parseSliceText}.
 */
function readSlice(input: string, start: number, end: number, last: boolean, fastPaths: boolean, toFile?: (offset: number) => number): SliceRead {
  const plain = fastPaths ? readPlainDocuments(input, start, last, toFile) : undefined;
  if (plain !== undefined) {
    // (Nothing it reads depends on the text around it: each quoted scalar closes on its line, and
    // a comment after the last document's content makes it step aside.)
    return { documents: plain, streamErrors: [], dependsOn: new Set() };
  }
  // Too deep: the text from there on is read as blank (line breaks kept), and the document says why.
  const own = last ? input.length : input.length - NEXT_DOCUMENT.length;
  const flowCut = tooDeepAt(input);
  const blockCut = tooIndentedAt(input);
  let cut = flowCut === -1 || (blockCut !== -1 && blockCut < flowCut) ? blockCut : flowCut;
  let why = cut === flowCut ? `Flow collections nested more than ${MAX_FLOW_DEPTH} levels deep` : `Lines indented past column ${MAX_BLOCK_COLUMN}`;
  if (cut !== -1) input = blankFrom(input, cut, own);
  const read = (t: string): Tokens => (toFile !== undefined ? readStandIn(t, start) : readTokens(t, start));
  let tokens = read(input);
  const deep = tooNestedAt(tokens.tokens);
  if (deep !== -1) {
    cut = deep - start;
    why = `Collections nested more than ${MAX_NESTING} levels deep`;
    tokens = read(blankFrom(input, cut, own));
  }
  const dependsOn = new Set(tokens.dependsOn);
  const composer = new Composer(YAML_OPTIONS);
  const documents = withoutStackTraces(() => Array.from<Document.Parsed>(composer.compose(tokens.tokens) as Iterable<Document.Parsed>));
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
  const streamErrors: YAMLError[] = documents.length === 0 ? composer.streamInfo().errors.map((e) => (toFile === undefined ? e : mapError(e, toFile))) : [];
  if (cut !== -1) {
    const at = toFile === undefined ? start + cut : toFile(start + cut);
    const error = new YAMLParseError([at, at + 1], 'RESOURCE_EXHAUSTION', `${why} are not read`);
    const doc = [...documents].reverse().find((d) => d.range[0] <= at);
    if (doc !== undefined) doc.errors.push(error);
    else streamErrors.push(error);
  }
  return { documents, streamErrors, dependsOn };
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
