// A fast path for documents of plain block mappings and lists: the settings of a target-settings
// document as people write them.
//
// The `yaml` package reads a document through a lexer, a parser and a composer. In a file of 1,000
// documents of 100 ids, each with 28 lines of settings (a team's bodies in one file), those three
// took 255 of the 755 ms `scan-targets validate` took (a CPU profile), most of the rest being the
// ids' own fast path and the collection of their garbage. The documents read here are built as
// the composer builds them (the same classes, values, ranges, comments and blank-line marks), from
// the lines directly: the same settings, read cold, in 76 ms rather than 250.
//
// What is read here, line by line:
// - documents whose content is a block mapping, each after optional `---` line (alone on its
//   line), comment lines and blank lines, and documents of a `---` line alone;
// - keys of letters, digits, `_` and `-` (starting with a letter or `_`, after any dashes) that the
//   schema reads as strings, each once per mapping, followed by `: ` and a value, or by `:` and a
//   nested block mapping or list on the lines below;
// - values on the key's line (or none: an empty value, as a key is typed): plain scalars on one
//   line (resolved by the schema's own tags, as the composer does: `true`, `12`, `0x1F`, `~`),
//   'single-quoted' and "double-quoted" scalars without escapes, and flow lists of such scalars
//   `[1, 2, "a"]`, each optionally followed by a comment;
// - block lists of those values (or none: an empty item), or of mappings that start on the item's
//   line (`- name: x`);
// - blank lines and comment lines before an entry, at its indentation.
// Anything else (flow mappings, block scalars, anchors, aliases, tags, scalars over several lines,
// escapes, tabs, a byte order mark, comments at another indentation or after a document's content
// or an empty value or list item, a repeated key: anything the composer would report or place
// subtly) makes it step aside, and the `yaml` package reads the text.
// test/unit/core/yaml.fastDocuments.test.ts checks it against the composer on adversarial and
// random texts; the differential tests of the whole parse compare a parse with both fast paths to
// one with neither.
// For a parse that wants values first (FileParseOptions.valuesFirst), the same reading makes each
// document's plain-JS value instead of its nodes (readPlainValues): what plainValue gives of the
// nodes, without the nodes, whose making (a property defined on each by the `yaml` package's
// constructor), conversion and collection were a fifth of `scan-targets validate` on a file of
// many documents (372 -> 312 ms); and with it, what the lenses and folding ranges read of the
// nodes (PlainShape), which the language server is asked for on every document after an open.

import { Document, Pair, Scalar, YAMLMap, YAMLSeq, isMap, isSeq, type DocumentOptions, type Node, type Schema } from 'yaml';
import { distinctStrings } from '../arrays';
import { compactSlice } from './detachedSlice';
import { nonStringTagOf } from './idsText';
import { YAML_OPTIONS } from './yamlOptions';

/**
 * Thrown (never out of this file) where the text is not one this reader reads as the composer does.
 * (One error, made once: a text it steps aside for costs no stack trace.)
 */
const STEP_ASIDE = new Error('the fast path for documents steps aside');

/**
 * Characters that make the reader step aside wherever they are: tabs, a byte order mark, control
 * characters, lone CRs, and the line and paragraph separators (which the `yaml` lexer treats
 * apart).
 */
// eslint-disable-next-line no-control-regex
const UNREAD_CHARACTERS = /[\t\uFEFF\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029]|\r(?!\n)/;

/**
 * A key this reader reads: letters, digits, `_` and `-`, starting with a letter or `_`, after any
 * dashes (`-ids`, `---ids`: as a `---` line is typed above a key).
 */
const KEY = /-*[A-Za-z_][A-Za-z0-9_-]*/y;

/** Deepest indentation read (the `yaml` package's limits are far beyond it: see slice.ts). */
const MAX_INDENT = 64;

const SPACE = 0x20;
const CR = 0x0d;
const HASH = 0x23;
const DASH = 0x2d;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const DOUBLE = 0x22;
const SINGLE = 0x27;

/**
 * Options of each document made here: those of the composer's documents (see composeDoc in the
 * `yaml` package). Made with the first document: the `Document` it takes its directives from would
 * cost every process that loads core 0.3 ms at start.
 */
let documentOptions: DocumentOptions | undefined;

function newDocument(): Document.Parsed {
  documentOptions ??= { ...YAML_OPTIONS, _directives: new Document(undefined, YAML_OPTIONS).directives } as DocumentOptions;
  return new Document(undefined, documentOptions) as unknown as Document.Parsed;
}

/**
 * The documents of `input`, a slice's text read as if it started at file offset `offset`, built as
 * the `yaml` composer builds them, or `undefined` where this reader steps aside. `last`: whether
 * the slice ends the file; else `input` ends with the `---` line of the next slice, whose document
 * is not returned. `toFile`: for a stand-in text (fastIds.ts), turns its offsets into the file's,
 * as the nodes are made (rather than in a walk of them afterwards: mapDocument).
 */
export function readPlainDocuments(input: string, offset: number, last: boolean, toFile?: (offset: number) => number): Document.Parsed[] | undefined {
  const documents = read(() => new Reader(input, offset, last ? input.length : input.length - 4, toFile, false).documents() as Document.Parsed[], input);
  if (documents !== undefined) for (const doc of documents) plainDocuments.add(doc);
  return documents;
}

/** A document {@link readPlainValues} read: where it starts and ends (as `Document.range`), its value, and its shape. */
export interface PlainValueDocument {
  readonly range: readonly [number, number, number];
  readonly value: unknown;
  readonly shape: PlainShape;
}

/**
 * What {@link readPlainValues} notes of a document's nodes while it reads its value, at the file
 * offsets it read it at: what the features asked of every document of a file (its lenses and
 * folding ranges) read of them, so that those are found without the nodes.
 */
export interface PlainShape {
  /** Whether the document holds no node (only its `---` line and blank lines). */
  readonly isEmpty: boolean;
  /** The range of its root mapping's `ids` key (the node's `range[0]` and `range[1]`); -1 and -1 where it has none. */
  readonly idsKeyStart: number;
  readonly idsKeyEnd: number;
  /**
   * How many different non-empty strings its root's `ids` list holds (0 without one): the count
   * of its bulk update lens, which every document is asked for after an open, and which would
   * otherwise read the document again once its value is dropped.
   */
  readonly distinctIds: number;
  /**
   * The block collections below its root, three numbers each: where the key whose value it is,
   * or the list item it is, starts; where the collection ends (its node's `range[1]`); and how
   * many collections enclose it below the root (0: an entry of the root). A flow list, which this
   * reader reads on one line, is not one of them.
   */
  readonly collections: readonly number[];
}

/**
 * The documents {@link readPlainDocuments} would read in `input` (not a stand-in), each as its
 * range and the value {@link plainValue} gives of its nodes, made without them; `undefined` where
 * that steps aside, and then `stopped.at` says from where (the file offset of the document it
 * stepped aside in). Their strings are their own (compactSlice), not slices of `input`: the slice
 * keeps its values, not its text (Slice.documents reads it again from the file's).
 */
export function readPlainValues(input: string, offset: number, last: boolean, stopped?: { at: number }): PlainValueDocument[] | undefined {
  let reader: Reader | undefined;
  const values = read(
    () => (reader = new Reader(input, offset, last ? input.length : input.length - 4, undefined, true)).documents() as PlainValueDocument[],
    input,
  );
  // (`stopped`: where the document it stepped aside in starts, or the character it does not read.)
  if (values === undefined && stopped !== undefined) stopped.at = offset + (reader?.documentStart ?? Math.max(0, input.search(UNREAD_CHARACTERS)));
  return values;
}

/** `reading()`, or `undefined` where the reader steps aside. */
function read<T>(reading: () => T, input: string): T | undefined {
  try {
    if (UNREAD_CHARACTERS.test(input)) throw STEP_ASIDE;
    const read = reading();
    fastDocumentsStats.read++;
    return read;
  } catch (error) {
    if (error !== STEP_ASIDE) throw error;
    fastDocumentsStats.steppedAside++;
    return undefined;
  }
}

/** How many texts the reader read, and how many it left to the `yaml` package (for tests and the bench). */
export const fastDocumentsStats = { read: 0, steppedAside: 0 };

/** The documents this reader built (and the fast path for `ids` lists filled in: their items are scalars). */
const plainDocuments = new WeakSet<Document.Parsed>();

/**
 * Whether this reader built `document`: its mapping keys are strings, and it holds no alias,
 * anchor or tag, so that {@link plainValue} gives its value.
 */
export function isPlainDocument(document: Document.Parsed): boolean {
  return plainDocuments.has(document);
}

/**
 * The plain-JS value of a node of a document this reader built: what `toJS` gives, without its
 * bookkeeping of anchors and aliases, merge keys and keys of other kinds, nor the walk that guards
 * against keys nested too deep (ParsedDocument.value): the values of 1,000 documents of settings
 * took 45 ms rather than 68.
 */
export function plainValue(node: unknown): unknown {
  if (isMap(node)) {
    const map: Record<string, unknown> = {};
    for (const { key, value } of node.items) setEntry(map, (key as Scalar<string>).value, plainValue(value));
    return map;
  }
  if (isSeq(node)) return node.items.map(plainValue);
  return (node as Scalar).value;
}

/** Sets a mapping's entry as the `yaml` package does: a key `__proto__` or `constructor` is an own property too. */
function setEntry(map: Record<string, unknown>, name: string, value: unknown): void {
  if (name in map) Object.defineProperty(map, name, { value, writable: true, enumerable: true, configurable: true });
  else map[name] = value;
}

/** What the blank and comment lines before an entry give it (as resolveProps in the `yaml` package). */
interface Gap {
  readonly spaceBefore: boolean;
  readonly comment: string;
}

/** The gap of an entry right after the one before. */
const NO_GAP: Gap = { spaceBefore: false, comment: '' };

// What a line holds (Reader.kind), from its first character of content.
const END = 0; // (past the end of the text read)
const BLANK = 1;
const COMMENT = 2;
const DOCUMENT_START = 3; // `---` alone
const ITEM = 4; // `- `, or `-` alone
const OTHER = 5; // anything else: a key, if keyEnd says so

class Reader {
  // The current line: where it starts, its indentation, its first character of content, the end of
  // its text (before `\r\n` or `\n`), the start of the next line, and what it holds.
  private lineStart = 0;
  private indent = 0;
  private content = 0;
  private lineEnd = 0;
  private next = 0;
  private kind = END;
  /** The schema of the document being read. */
  private schema!: Schema;
  /** The gap before the current line. */
  private gap: Gap = NO_GAP;
  /** Where the last empty value read ends (see {@link emptyValue}). */
  private lastEmptyValueEnd = -1;
  /** The file offset where the last value read ends (its node's `range[2]`). */
  private lastEnd = 0;
  // In values mode, what the document being read notes of its nodes (see PlainShape), and how
  // many mappings and lists enclose the line read (the root's entries: 1).
  private idsKeyStart = -1;
  private idsKeyEnd = -1;
  private collections: number[] = [];
  private nesting = 0;

  constructor(
    private readonly text: string,
    /** The file offset of the text's start. */
    private readonly offset: number,
    /** Where the text read ends (before the next slice's `---` line, if any). */
    private readonly end: number,
    /** For a stand-in text (fastIds.ts), turns its offsets (from `offset`) into the file's. */
    private readonly toFile: ((offset: number) => number) | undefined,
    /** Whether it makes values (PlainValueDocument) rather than nodes: then no node is made, nor any comment kept. */
    private readonly values: boolean,
  ) {
    if (end !== text.length && text.slice(end) !== '---\n') throw STEP_ASIDE;
    this.readLine(0);
  }

  /** The file offset of `at` in the text. */
  private file(at: number): number {
    return this.toFile === undefined ? this.offset + at : this.toFile(this.offset + at);
  }

  documents(): Array<Document.Parsed | PlainValueDocument> {
    const documents: Array<Document.Parsed | PlainValueDocument> = [];
    while (this.kind !== END) documents.push(this.document());
    return documents;
  }

  /** Reads the line at `at` into the current line's fields. */
  private readLine(at: number): void {
    const text = this.text;
    this.lineStart = at;
    if (at >= this.end) {
      this.kind = END;
      return;
    }
    let i = at;
    while (text.charCodeAt(i) === SPACE) i++;
    this.indent = i - at;
    this.content = i;
    let lf = text.indexOf('\n', i);
    if (lf === -1 || lf > this.end) lf = this.end;
    this.next = lf === this.end ? lf : lf + 1;
    const lineEnd = lf > i && text.charCodeAt(lf - 1) === CR ? lf - 1 : lf;
    this.lineEnd = lineEnd;
    const c = text.charCodeAt(i);
    if (i === lineEnd) this.kind = BLANK;
    else if (c === HASH) this.kind = COMMENT;
    else if (c !== DASH) this.kind = OTHER;
    else if (text.charCodeAt(i + 1) === SPACE || i + 1 === lineEnd) this.kind = ITEM;
    else this.kind = i === at && lineEnd - at === 3 && text.startsWith('---', at) ? DOCUMENT_START : OTHER;
  }

  /** Whether the current line starts another document, or there is none. */
  private get atDocumentEnd(): boolean {
    return this.kind === END || this.kind === DOCUMENT_START;
  }

  /**
   * Skips the blank and comment lines from the current one (blank lines first, then comments at the
   * indentation of the line after them, as the composer gives them to the entry there), and keeps
   * what they give in {@link gap}.
   */
  private skipGap(): void {
    if (this.kind > COMMENT) {
      this.gap = NO_GAP;
      return;
    }
    let spaceBefore = false;
    let comment = '';
    let commentIndent = -1;
    let lineBreak = '';
    for (; this.kind === BLANK || this.kind === COMMENT; this.readLine(this.next)) {
      if (this.kind === BLANK) {
        if (comment !== '') throw STEP_ASIDE; // a blank line after a comment: its line breaks join the comment
        // (Spaces that end the text, with no line break after them, are no blank line to the composer.)
        if (this.next !== this.lineEnd) spaceBefore = true;
        continue;
      }
      if (commentIndent !== -1 && commentIndent !== this.indent) throw STEP_ASIDE;
      commentIndent = this.indent;
      // (Joined by the line break after each, as written: `\r\n` too.)
      const line = this.text.slice(this.content + 1, this.lineEnd) || ' ';
      comment = comment === '' ? line : comment + lineBreak + line;
      lineBreak = this.text.slice(this.lineEnd, this.next);
    }
    if (comment !== '' && (this.kind === END || commentIndent !== this.indent)) throw STEP_ASIDE;
    this.gap = spaceBefore || comment !== '' ? { spaceBefore, comment } : NO_GAP;
  }

  /** Where the document being read starts (its prelude's first line). */
  documentStart = 0;

  private document(): Document.Parsed | PlainValueDocument {
    this.documentStart = this.lineStart;
    const doc = this.values ? undefined : newDocument();
    if (doc !== undefined) this.schema = doc.schema;
    this.idsKeyStart = this.idsKeyEnd = -1;
    this.collections = [];
    // Before the document's `---` line, or its content: the composer's prelude (see parsePrelude
    // in the `yaml` package), comments at the start of lines and blank lines.
    let prelude = '';
    let afterEmptyLine = false;
    for (; this.kind === BLANK || this.kind === COMMENT; this.readLine(this.next)) {
      // (A comment line's own line break ends the comment: a blank line after it is an empty line.)
      if (this.kind === BLANK) {
        afterEmptyLine = true;
        continue;
      }
      if (this.indent !== 0) throw STEP_ASIDE;
      const line = this.text.slice(this.content + 1, this.lineEnd) || ' ';
      prelude += (prelude === '' ? '' : afterEmptyLine ? '\n\n' : '\n') + line;
      afterEmptyLine = false;
    }
    const start = this.lineStart;
    const docStart = this.kind === DOCUMENT_START;
    if (docStart) {
      if (doc !== undefined) doc.directives.docStart = true;
      this.readLine(this.next);
      // (Blank and comment lines after the `---` line go to the content, as comments before a node.)
      this.skipGap();
      if (this.atDocumentEnd) {
        if (prelude !== '') throw STEP_ASIDE;
        return this.emptyDocument(doc, start);
      }
    } else {
      this.gap = NO_GAP;
    }
    if (this.indent !== 0 || this.kind !== OTHER || this.keyEnd(this.content) === -1) throw STEP_ASIDE;
    const contentGap = this.gap;
    const contents = this.map(0, this.content);
    // The mapping ends at the next `---` line or the end, after blank lines only.
    if (this.gap.comment !== '') throw STEP_ASIDE;
    const contentEnd = this.lastEnd;
    // (A document that ends with an empty value ends with it: the line break after it is not its.)
    const range = [this.file(start), contentEnd, contentEnd === this.lastEmptyValueEnd ? contentEnd : this.file(this.lineStart)] as const;
    if (doc === undefined) {
      // (Its list of collections as long as it is: grown, it held room for 16 more numbers.)
      const ids = this.idsKeyStart === -1 ? undefined : (contents as Record<string, unknown>).ids;
      const distinctIds = Array.isArray(ids) ? distinctStrings(ids) : 0;
      const shape = { isEmpty: false, idsKeyStart: this.idsKeyStart, idsKeyEnd: this.idsKeyEnd, distinctIds, collections: this.collections.slice() };
      return { range, value: contents, shape };
    }
    const map = contents as YAMLMap;
    decorate(map, contentGap);
    if (prelude !== '') {
      if (afterEmptyLine || docStart) doc.commentBefore = prelude;
      else (map.items[0]!.key as Scalar).commentBefore = prelude;
    }
    doc.contents = map as YAMLMap.Parsed;
    doc.range = [...range];
    return doc;
  }

  /**
   * `doc`, whose `---` line starts at `start`, with nothing after it but blank lines (as a `---`
   * line is typed): its content is the empty scalar the composer puts at the end of that line.
   */
  private emptyDocument(doc: Document.Parsed | undefined, start: number): Document.Parsed | PlainValueDocument {
    if (this.gap.comment !== '') throw STEP_ASIDE;
    const at = this.file(start + 3);
    if (doc === undefined) return { range: [this.file(start), at, at], value: null, shape: EMPTY_SHAPE };
    const contents = emptyScalar(at);
    decorate(contents, this.gap);
    doc.contents = contents as Scalar.Parsed;
    doc.range = [this.file(start), at, at];
    return doc;
  }

  /**
   * The end of a key this reader reads at `at` on the current line, followed by `:` and a space or
   * the line's end; -1 if there is none.
   */
  private keyEnd(at: number): number {
    KEY.lastIndex = at;
    if (!KEY.test(this.text)) return -1;
    const colon = KEY.lastIndex;
    const text = this.text;
    return text.charCodeAt(colon) === COLON && (colon + 1 === this.lineEnd || text.charCodeAt(colon + 1) === SPACE) ? colon : -1;
  }

  /**
   * The block mapping whose first key is at `firstKey` of the current line (at column `indent`; on
   * a list item's line, after its `- `), and every entry after it at that column. Ends at a line
   * less indented, a `---` line or the end, whose gap {@link gap} holds.
   */
  private map(indent: number, firstKey: number): YAMLMap | Record<string, unknown> {
    if (indent > MAX_INDENT) throw STEP_ASIDE;
    const map: YAMLMap | Record<string, unknown> = this.values ? {} : new YAMLMap(this.schema);
    this.nesting++;
    const keys = new Set<string>();
    let at = firstKey;
    let keyEnd = this.keyEnd(at);
    let end: number;
    for (;;) {
      const gap = this.gap;
      // (A key over 1,024 characters is an error of the composer's.)
      if (keyEnd - at > 1000) throw STEP_ASIDE;
      const source = this.text.slice(at, keyEnd);
      if (keys.has(source) || nonStringTagOf(source, YAML_OPTIONS) !== undefined) throw STEP_ASIDE;
      keys.add(source);
      if (map instanceof YAMLMap) {
        const key = new Scalar(source);
        const keyEndAt = this.file(keyEnd);
        key.range = [this.file(at), keyEndAt, keyEndAt];
        key.source = source;
        key.type = Scalar.PLAIN;
        if (at !== firstKey) decorate(key, gap);
        map.items.push(new Pair(key, this.valueAfter(at, keyEnd + 1, indent)));
      } else {
        if (source === 'ids' && this.nesting === 1) [this.idsKeyStart, this.idsKeyEnd] = [this.file(at), this.file(keyEnd)];
        setEntry(map, source, this.valueAfter(at, keyEnd + 1, indent));
      }
      end = this.lastEnd;
      if (this.atDocumentEnd || this.indent < indent) break;
      at = this.content;
      keyEnd = this.indent === indent && this.kind === OTHER ? this.keyEnd(at) : -1;
      if (keyEnd === -1) throw STEP_ASIDE;
    }
    if (map instanceof YAMLMap) map.range = [this.file(firstKey), end, end];
    this.lastEnd = end;
    this.nesting--;
    return map;
  }

  /**
   * The block list whose items start at column `indent`, from the current line. Ends at a line
   * less indented or not an item, a `---` line or the end, whose gap {@link gap} holds.
   */
  private seq(indent: number): YAMLSeq | unknown[] {
    if (indent > MAX_INDENT) throw STEP_ASIDE;
    const seq: YAMLSeq | unknown[] = this.values ? [] : new YAMLSeq(this.schema);
    this.nesting++;
    const first = this.content;
    let end: number;
    for (let i = 0; ; i++) {
      const gap = this.gap;
      let at = this.content + 1;
      while (this.text.charCodeAt(at) === SPACE) at++;
      let item: unknown;
      if (at === this.lineEnd) {
        // An empty item, as one is typed. (The composer gives a comment before it to it, as one after.)
        if (gap.comment !== '') throw STEP_ASIDE;
        this.readLine(this.next);
        this.skipGap();
        item = this.emptyValue(at, this.gap);
      } else if (this.keyEnd(at) !== -1) {
        this.gap = NO_GAP;
        item = this.map(at - this.lineStart, at);
        this.noteCollection(at);
      } else {
        item = this.inlineValue(at);
        this.readLine(this.next);
        this.skipGap();
      }
      if (Array.isArray(seq)) {
        seq.push(item);
      } else {
        if (i > 0) decorate(item as Node, gap);
        seq.items.push(item);
      }
      end = this.lastEnd;
      if (this.atDocumentEnd || this.indent < indent) break;
      if (this.indent > indent) throw STEP_ASIDE;
      if (this.kind !== ITEM) {
        // A list at its key's indentation ends at the next key, and the composer gives the blank
        // and comment lines before that key to the list's last item.
        if (this.gap !== NO_GAP) throw STEP_ASIDE;
        break;
      }
    }
    this.lastEnd = end;
    this.nesting--;
    if (Array.isArray(seq)) return trimmed(seq);
    seq.range = [this.file(first), end, end];
    return seq;
  }

  /** In values mode, notes the block collection just read (see PlainShape.collections), whose key or item starts at `start`. */
  private noteCollection(start: number): void {
    if (this.values) this.collections.push(this.file(start), this.lastEnd, this.nesting - 1);
  }

  /**
   * The value of a key that starts at `key` and whose `:` ends at `after` on the current line (a
   * mapping's key at column `indent`): on the same line, or a block collection on the lines below.
   * Leaves the current line at the next entry's, its gap in {@link gap}.
   */
  private valueAfter(key: number, after: number, indent: number): unknown {
    let at = after;
    while (this.text.charCodeAt(at) === SPACE) at++;
    if (at < this.lineEnd) {
      const value = this.inlineValue(at);
      this.readLine(this.next);
      this.skipGap();
      return value;
    }
    this.readLine(this.next);
    this.skipGap();
    const gap = this.gap;
    let value: unknown;
    if (this.kind === ITEM && this.indent >= indent) value = this.seq(this.indent);
    else if (this.kind === OTHER && this.indent > indent && this.keyEnd(this.content) !== -1) value = this.map(this.indent, this.content);
    else if (this.atDocumentEnd || this.indent <= indent) return this.emptyValue(at, gap);
    else throw STEP_ASIDE;
    if (!this.values) decorate(value as Node, gap);
    this.noteCollection(key);
    return value;
  }

  /**
   * The value of a key, or a list item, with nothing after it on its line (as one is typed): the
   * empty scalar the composer puts at `at`, the end of that line. (The composer gives the blank and
   * comment lines after it to it.)
   */
  private emptyValue(at: number, gap: Gap): Scalar | null {
    if (gap !== NO_GAP) throw STEP_ASIDE;
    this.lastEmptyValueEnd = this.lastEnd = this.file(at);
    return this.values ? null : emptyScalar(this.lastEmptyValueEnd);
  }

  /**
   * A value that starts at `at` and ends the current line (a scalar or a flow list, and a comment
   * after it): its node ends at the start of the next line.
   */
  private inlineValue(at: number): unknown {
    const text = this.text;
    const c = text.charCodeAt(at);
    const nodeEnd = this.next;
    let node: unknown;
    let valueEnd: number;
    if (c === OPEN) {
      [node, valueEnd] = this.flowList(at);
    } else if (c === DOUBLE || c === SINGLE) {
      valueEnd = quotedEnd(text, at);
      node = this.quoted(at, valueEnd, nodeEnd);
    } else {
      valueEnd = this.plainEnd(at);
      node = this.plain(at, valueEnd, nodeEnd);
    }
    // After the value: spaces, then a comment, to the line's end.
    let i = valueEnd;
    while (text.charCodeAt(i) === SPACE) i++;
    if (i < this.lineEnd) {
      if (text.charCodeAt(i) !== HASH || i === valueEnd) throw STEP_ASIDE;
      if (!this.values) (node as Node).comment = text.slice(i + 1, this.lineEnd) || ' ';
    }
    this.lastEnd = this.file(nodeEnd);
    // (Set last, as the composer sets a flow collection's range: after its comment.)
    if (c === OPEN && !this.values) (node as YAMLSeq).range = [this.file(at), this.file(valueEnd), this.lastEnd];
    return node;
  }

  /** The end of a plain scalar on one line that starts at `at` (before a comment and trailing spaces). */
  private plainEnd(at: number): number {
    const text = this.text;
    if (!plainStart(text.charCodeAt(at), text.charCodeAt(at + 1))) throw STEP_ASIDE;
    PLAIN_REST.lastIndex = at + 1;
    PLAIN_REST.test(text);
    const end = PLAIN_REST.lastIndex;
    // (Stopped at `: ` or a `:` at the line's end: a mapping the composer refuses, or a key.)
    if (text.charCodeAt(end) === COLON) throw STEP_ASIDE;
    return end;
  }

  /** The quoted scalar at `[at, end)`, its node ending at `nodeEnd`. */
  private quoted(at: number, end: number, nodeEnd: number): Scalar | string {
    if (this.values) return compactSlice(this.text, at + 1, end - 1);
    const value = this.text.slice(at + 1, end - 1);
    const scalar = new Scalar(value);
    scalar.range = [this.file(at), this.file(end), this.file(nodeEnd)];
    scalar.source = value;
    scalar.type = this.text.charCodeAt(at) === DOUBLE ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE;
    return scalar;
  }

  /** The plain scalar at `[at, end)`, its node ending at `nodeEnd`, resolved by the schema's tags as the composer resolves it. */
  private plain(at: number, end: number, nodeEnd: number): unknown {
    const source = this.text.slice(at, end);
    const tag = nonStringTagOf(source, YAML_OPTIONS);
    const resolved: unknown = tag === undefined ? source : tag.resolve(source, stepAside, YAML_OPTIONS);
    if (this.values) return tag === undefined ? compactSlice(this.text, at, end) : resolved instanceof Scalar ? resolved.value : resolved;
    const scalar = resolved instanceof Scalar ? resolved : new Scalar(resolved);
    scalar.range = [this.file(at), this.file(end), this.file(nodeEnd)];
    scalar.source = source;
    scalar.type = Scalar.PLAIN;
    if (tag?.format !== undefined) scalar.format = tag.format;
    return scalar;
  }

  /** A flow list `[a, "b", 1]` on the current line from `at` (scalars only), without its range, and its end. */
  private flowList(at: number): [YAMLSeq | unknown[], number] {
    const text = this.text;
    const seq: YAMLSeq | unknown[] = this.values ? [] : new YAMLSeq(this.schema);
    if (!Array.isArray(seq)) seq.flow = true;
    let i = at + 1;
    while (text.charCodeAt(i) === SPACE) i++;
    if (text.charCodeAt(i) !== CLOSE) {
      for (;;) {
        const c = text.charCodeAt(i);
        let end: number;
        let item: unknown;
        if (c === DOUBLE || c === SINGLE) {
          end = quotedEnd(text, i);
          item = this.quoted(i, end, end);
        } else {
          if (!plainStart(c, text.charCodeAt(i + 1))) throw STEP_ASIDE;
          FLOW_PLAIN_REST.lastIndex = i + 1;
          FLOW_PLAIN_REST.test(text);
          end = FLOW_PLAIN_REST.lastIndex;
          item = this.plain(i, end, end);
        }
        if (Array.isArray(seq)) seq.push(item);
        else seq.items.push(item);
        // A `,` and a space, or the `]` right after the item (the composer's ranges for spaces
        // before either are not read here).
        const sep = text.charCodeAt(end);
        if (sep === CLOSE) {
          i = end;
          break;
        }
        if (sep !== COMMA || text.charCodeAt(end + 1) !== SPACE) throw STEP_ASIDE;
        i = end + 2;
        while (text.charCodeAt(i) === SPACE) i++;
      }
    }
    return [Array.isArray(seq) ? trimmed(seq) : seq, i + 1];
  }
}

/**
 * A list's values as long as it is (kept with its document): grown one by one, a list of one id
 * held room for 17 (a file of 100,000 documents of one id: 18 MB).
 */
function trimmed(values: unknown[]): unknown[] {
  return values.slice();
}

/** The shape of an empty document (see PlainShape). */
const EMPTY_SHAPE: PlainShape = { isEmpty: true, idsKeyStart: -1, idsKeyEnd: -1, distinctIds: 0, collections: [] };

/** Gives a node what the gap before it holds. */
function decorate(node: Node, gap: Gap): void {
  if (gap.spaceBefore) node.spaceBefore = true;
  if (gap.comment !== '') node.commentBefore = gap.comment;
}

/**
 * The rest of a plain scalar on one line, after its first character: to ` #`, trailing spaces, the
 * line's end, or a `:` followed by a space or the line's end.
 */
const PLAIN_REST = /(?:[^ :\r\n]|:(?=[^ \r\n])| +(?=[^ #\r\n]))*/y;

/** The rest of a plain scalar in a flow list: no space, flow indicator, `#` or `:` in it. */
const FLOW_PLAIN_REST = /[^ ,[\]{}#:\r\n]*/y;

/** A quoted scalar on one line, without an escape or a doubled quote in it. */
const DOUBLE_QUOTED = /"[^"\\\r\n]*"/y;
const SINGLE_QUOTED = /'[^'\r\n]*'(?!')/y;

/** The end of the quoted scalar at `at` (see {@link DOUBLE_QUOTED}). */
function quotedEnd(text: string, at: number): number {
  const quoted = text.charCodeAt(at) === DOUBLE ? DOUBLE_QUOTED : SINGLE_QUOTED;
  quoted.lastIndex = at;
  if (!quoted.test(text)) throw STEP_ASIDE;
  return quoted.lastIndex;
}

function stepAside(): never {
  throw STEP_ASIDE;
}

/** The composer's empty scalar (composeEmptyNode in the `yaml` package) at file offset `at`. */
function emptyScalar(at: number): Scalar {
  const scalar = new Scalar(null);
  scalar.range = [at, at, at];
  scalar.source = '';
  scalar.type = Scalar.PLAIN;
  return scalar;
}

/**
 * Whether a plain scalar may start with `c` (followed by `next`) for this reader: not an indicator
 * (`-` only before a digit, a letter or `.`, as in `-1`).
 */
function plainStart(c: number, next: number): boolean {
  if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c >= 0xa0) return true;
  if (c === DASH) return (next >= 0x30 && next <= 0x39) || (next >= 0x61 && next <= 0x7a) || (next >= 0x41 && next <= 0x5a) || next === 0x2e;
  // `_ / . $ ( ~ + =`
  return c === 0x5f || c === 0x2f || c === 0x2e || c === 0x24 || c === 0x28 || c === 0x7e || c === 0x2b || c === 0x3d;
}
