// Reading ids from YAML text, a character at a time: the scalars an `ids` list may hold as the
// fast path reads them (plain, 'single-quoted', "double-quoted" without escapes: strings; also
// plain scalars the schema reads as a number or true/false, marked: TYPED), line breaks and white
// space, and the helpers that compare two versions of a text. Pure.

import { Document, isScalar, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';
import { compactSlice, detachedSlice } from './detachedSlice';
import { StringSet } from './stringSet';
import type { Text } from './text';

export type Options = ParseOptions & DocumentOptions & SchemaOptions;

/** What the fast path did, counted over the process (the tests and the bench read it). */
export const fastIdsStats = { restored: 0, rejected: 0, listsReused: 0, linesRead: 0, nodesMade: 0 };

function isIdChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d;
}

/** A printable ASCII character that may stand inside a quoted id as it is (no quote, no backslash). */
function isQuotedChar(c: number, quote: number): boolean {
  return c >= 0x20 && c <= 0x7e && c !== quote && c !== 0x5c;
}

/** A letter other than n/N/t/T/f/F, or `_`: no core-schema tag test can match a scalar starting so. */
function isPlainStringStart(c: number): boolean {
  if (c === 0x5f) return true;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x7a && lower !== 0x6e && lower !== 0x74 && lower !== 0x66;
}

/** A tag of the schema by which the composer resolves a plain scalar to a non-string (null, bool, int, float). */
export interface NonStringTag {
  readonly test: RegExp;
  readonly format?: string;
  resolve(source: string, onError: (message: string) => void, options: Options): unknown;
}

/** The non-string tags of a schema, their tests, and the tests of those a scan keeps its items of (see TYPED). */
interface NonStringTags {
  readonly tags: NonStringTag[];
  readonly tests: RegExp[];
  readonly typed: ReadonlySet<RegExp>;
}

const tagsBySchema = new WeakMap<object, NonStringTags>();

function nonStringTags(options: Options): NonStringTags {
  let found = tagsBySchema.get(options);
  if (found === undefined) {
    const tags: (NonStringTag & { tag?: string })[] = [];
    for (const tag of new Document(null, options).schema.tags) {
      // As the composer's findScalarTagByTest: a default tag whose test matches wins over `str`.
      const t = tag as Partial<NonStringTag> & { default?: unknown; tag?: string };
      if (t.default === true && t.test instanceof RegExp && t.tag !== 'tag:yaml.org,2002:str') tags.push(t as NonStringTag);
    }
    const typed = new Set(tags.filter((t) => t.tag !== 'tag:yaml.org,2002:null').map((t) => t.test));
    found = { tags, tests: tags.map((t) => t.test), typed };
    tagsBySchema.set(options, found);
  }
  return found;
}

/**
 * The tag other than the string's by which the composer reads the plain scalar `source`, if any
 * (findScalarTagByTest in the `yaml` package). Only a scalar that starts as a number (`-1 +1 .5
 * .inf 0x1F`) or `~`, is empty, or is one of the words `null`, `true` and `false` in their three
 * spellings (nothing longer that starts with a letter) is tested: the others are strings.
 */
export function nonStringTagOf(source: string, options: Options): NonStringTag | undefined {
  const c = source.charCodeAt(0);
  const numberLike = (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x7e; // 0-9 - + . ~
  const word = (c === 0x6e || c === 0x4e || c === 0x74 || c === 0x54 || c === 0x66 || c === 0x46) && source.length <= 5; // n N t T f F
  if (source !== '' && !numberLike && !word) return undefined;
  return nonStringTags(options).tags.find((t) => t.test.test(source));
}

/**
 * How a scan tells its plain items apart: the tests by which the composer reads one as a
 * non-string (null, bool, int, float), and those of them by which the scan reads it all the same
 * and keeps it marked (TYPED): a number or true/false.
 */
export interface ItemTests {
  readonly tests: readonly RegExp[];
  readonly typed: ReadonlySet<RegExp>;
}

export function itemTests(options: Options): ItemTests {
  return nonStringTags(options);
}

/**
 * What a list's scan keeps of an item the schema reads as a number or true/false (`12345`,
 * `0x1F`, `true`: ids pasted from a spreadsheet column): its text after this mark, which no id
 * read as a string holds (a plain id is letters, digits, `_` and `-`; a quoted one printable
 * ASCII). Such items stay in the scan's runs, listed apart from the ids the spans vouch for
 * (KnownIds.typed): a file of numbers no longer takes the full parse on every keystroke. (A null,
 * `- null`, is left to the parser: the rules call it an empty id, so a typed item is always one
 * the schema refuses as it is and the rules pass over, and the checks need no pass over them.)
 */
const TYPED = '\u0000';

/** Whether a value of a scan is a typed item's ({@link TYPED}). */
export function isTyped(value: string): boolean {
  return value.charCodeAt(0) === 0;
}

/**
 * A typed item's text resolved as the composer resolves it (composeScalar: a value, or a Scalar
 * some tags make), and the `format` it gives the node.
 */
export function resolveTyped(value: string, options: Options): { source: string; resolved: unknown; format?: string } {
  const source = value.slice(TYPED.length);
  // (The scan marks only what one of these tests matched; resolving them raises no error in the core schema.)
  const tag = nonStringTagOf(source, options);
  return { source, resolved: tag === undefined ? source : tag.resolve(source, () => undefined, options), format: tag?.format };
}

/** The JS value of a scan's value: a typed item's resolved, an id as it is. */
export function jsValueOf(value: string, options: Options): unknown {
  if (!isTyped(value)) return value;
  const { resolved } = resolveTyped(value, options);
  return isScalar(resolved) ? resolved.value : resolved;
}

export type ScalarType = 'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE';

/** The type of the simple id {@link scalarAt} read at `pos`: its first character tells. */
export function scalarTypeAt(source: Text, pos: number): ScalarType {
  const c = source.charCodeAt(pos);
  return c === 0x22 /* " */ ? 'QUOTE_DOUBLE' : c === 0x27 /* ' */ ? 'QUOTE_SINGLE' : 'PLAIN';
}

/**
 * Where the simple id {@link scalarAt} read at `start` ends, from its value and type: a
 * double-quoted id has no escapes, a single-quoted one writes each `'` of its value twice.
 */
export function scalarEnd(start: number, value: string, type: ScalarType): number {
  if (type === 'PLAIN') return start + value.length - (isTyped(value) ? TYPED.length : 0);
  let quotes = 0;
  if (type === 'QUOTE_SINGLE') for (let at = value.indexOf("'"); at !== -1; at = value.indexOf("'", at + 1)) quotes++;
  return start + value.length + quotes + 2;
}

/**
 * Where the quoted scalar starting at `pos` ends (after its closing quote), when it is a simple one
 * on its line: printable ASCII, no escapes but a doubled single quote; -1 otherwise (anything
 * fancier is left to the parser).
 */
export function quotedEnd(source: Text, pos: number): number {
  const c = source.charCodeAt(pos);
  if (c !== 0x22 /* " */ && c !== 0x27 /* ' */) return -1;
  let j = pos + 1;
  for (;;) {
    const d = source.charCodeAt(j);
    if (d === c) {
      if (c === 0x27 && source.charCodeAt(j + 1) === 0x27) {
        j += 2;
        continue;
      }
      return j + 1;
    }
    if (!isQuotedChar(d, c)) return -1;
    j++;
  }
}

/**
 * A scalar at `pos` as a simple id: where it ends and its value; undefined when it is not one.
 * `typed`: a plain scalar of id characters the schema reads as anything but a string by one of these
 * tests (ItemTests.typed) is read too, its value marked ({@link TYPED}).
 */
export function scalarAt(
  source: Text,
  pos: number,
  tests: readonly RegExp[],
  flow: boolean,
  typed?: ReadonlySet<RegExp>,
): { end: number; value: string; type: ScalarType } | undefined {
  const c = source.charCodeAt(pos);
  if (c === 0x22 /* " */ || c === 0x27 /* ' */) {
    const end = quotedEnd(source, pos);
    if (end === -1) return undefined;
    const inner = compactSlice(source, pos + 1, end - 1);
    // An empty or blank id is not simple: the checks have something to say about it.
    if (inner.trim() === '') return undefined;
    return { end, value: c === 0x27 ? inner.replace(/''/g, "'") : inner, type: c === 0x27 ? 'QUOTE_SINGLE' : 'QUOTE_DOUBLE' };
  }
  if (!isIdChar(c) || c === 0x2d) return undefined;
  let j = pos;
  while (isIdChar(source.charCodeAt(j))) j++;
  // In a block list a plain scalar ends at the line's end or before ` #`; in a flow list also at
  // `,`/`]` and white space (a tab: the separator after it must then be `,` or `]`).
  const next = source.charCodeAt(j);
  if (!(next === 0x20 || next === 0x0a || next === 0x0d || Number.isNaN(next) || (flow && (next === 0x2c || next === 0x5d || next === 0x09)))) return undefined;
  const value = compactSlice(source, pos, j);
  // In the YAML 1.2 core schema only a plain scalar starting with `~`, N/n (null), T/t/F/f (bool),
  // a digit, `+`, `-` or `.` (int, float) can resolve to anything but a string; others skip the tests.
  if (!isPlainStringStart(c)) {
    for (const test of tests) if (test.test(value)) return typed?.has(test) === true ? { end: j, value: TYPED + value, type: 'PLAIN' } : undefined;
  }
  return { end: j, value, type: 'PLAIN' };
}

/**
 * The line break at `pos`: 2 (`\r\n`), 1 (`\n`, or a lone `\r`: a line break in YAML 1.2 and in
 * LSP positions), 0 (none: not at a line break).
 */
export function eolAt(source: Text, pos: number): number {
  const c = source.charCodeAt(pos);
  if (c === 0x0a) return 1;
  if (c !== 0x0d) return 0;
  return source.charCodeAt(pos + 1) === 0x0a ? 2 : 1;
}

/** Where the text of the line containing `pos` ends (before its line break). */
export function contentEnd(source: Text, pos: number): number {
  let k = pos;
  while (k < source.length && source.charCodeAt(k) !== 0x0a && source.charCodeAt(k) !== 0x0d) k++;
  return k;
}

/**
 * After a scalar of an item line: where the next line starts, when the rest of the line is spaces,
 * an optional `# comment` and a line break; -1 when it is anything else.
 */
export function itemLineEnd(source: Text, pos: number): number {
  let j = pos;
  while (source.charCodeAt(j) === 0x20) j++;
  if (source.charCodeAt(j) === 0x23 /* # */) {
    if (j === pos) return -1; // a comment needs a space before it
    j = contentEnd(source, j);
  }
  const eol = eolAt(source, j);
  return eol === 0 ? -1 : j + eol;
}

/**
 * The comment after a scalar that ends at `pos` of a line {@link itemLineEnd} accepts: its text
 * (`' '` for an empty one, as the `yaml` composer makes it), or undefined without one.
 */
export function commentAfter(source: Text, pos: number): string | undefined {
  let j = pos;
  while (source.charCodeAt(j) === 0x20) j++;
  return source.charCodeAt(j) === 0x23 /* # */ ? detachedSlice(source, j + 1, contentEnd(source, j)) || ' ' : undefined;
}

/** Whether `pos` starts a line: the text's start, or after `\n`, or after a lone `\r`. */
export function startsLine(source: Text, pos: number): boolean {
  if (pos === 0) return true;
  const c = source.charCodeAt(pos - 1);
  return c === 0x0a || (c === 0x0d && source.charCodeAt(pos) !== 0x0a);
}

/** Where the line after the one at `pos` starts (the text's length after the last line). */
export function nextLine(source: Text, pos: number): number {
  const end = contentEnd(source, pos);
  return end + eolAt(source, end);
}

/**
 * `text` with each lone `\r` as `\n`, for the `yaml` package, which does not read a lone `\r` as
 * a line break. Same length: every offset holds for `text` itself.
 */
export function withLoneCrAsLf(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text;
}

/** Where the spaces and tabs from `pos` end. */
export function skipBlanks(source: Text, pos: number): number {
  while (source.charCodeAt(pos) === 0x20 || source.charCodeAt(pos) === 0x09) pos++;
  return pos;
}

/** The number of values in the sorted list that are at most `x`. */
export function upperBound(sorted: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * How many items of a list hold each id, and which ids more than one item holds, kept up to date
 * from one version to the next as items come and go: an edit costs the items it touched, so a
 * repeated id is found without a pass over the list. Most ids are held once: those are only in a
 * set (one hash lookup each when a long list is first read), and the count of the others is kept
 * beside it.
 */
export class IdCounts {
  /** Every id some item holds. */
  private readonly held = new StringSet();
  /** For each id more than one item holds: how many items beyond the first. */
  private readonly more = new Map<string, number>();
  /**
   * Where ids stood in the list when last looked for (the repeated ones, the rejected ones), kept
   * here so that they last from one version of the list to the next: most edits leave them where
   * they were. A hint only, for whoever looks for them to check and keep up to date.
   */
  readonly lastFound = new Map<string, readonly number[]>();
  /**
   * For each set of ids asked about (the ids a bulk update rejected, which may be all of a long
   * list): how many items hold one of them and how many of them some item holds, counted once and
   * then kept up to date by every add and remove, so that asking again costs nothing whatever the
   * size of the set. The sets are told apart by identity and must not change; the last few asked
   * about are followed.
   */
  private readonly totals = new Map<ReadonlySet<string>, Holding>();
  /** How many items hold a placeholder's opening, `${`. */
  private openings = 0;
  /** How many times items were replaced ({@link replace}): which state of the list a remembered answer is of. */
  private edits = 0;
  /**
   * The items that repeat an earlier one, as last worked out (repeatedItems in repeatedIds.ts), for
   * the state `edits` counted, kept up to date by the edits since: moved by the items an edit put in
   * or took out, and the ids it changed that are or were repeated named `stale`, for the reader to
   * look for again. With thousands of repeats, working them all out took most of a keystroke.
   */
  private repeats: RememberedRepeats | undefined;

  /** How many items hold `value`. */
  count(value: string): number {
    return this.held.has(value) ? 1 + (this.more.get(value) ?? 0) : 0;
  }

  /** How many items hold one of `values` (a set that does not change afterwards), and how many of them are held. */
  holding(values: ReadonlySet<string>): Holding {
    let total = this.totals.get(values);
    if (total === undefined) {
      total = { items: 0, ids: 0 };
      for (const value of values) {
        const n = this.count(value);
        total.items += n;
        if (n > 0) total.ids++;
      }
      if (this.totals.size >= MAX_FOLLOWED_SETS) this.totals.delete(this.totals.keys().next().value!);
      this.totals.set(values, total);
    }
    return { ...total };
  }

  /** How many different ids the items hold. */
  get distinct(): number {
    return this.held.size;
  }

  /** The ids held by more than one item. */
  repeated(): Iterable<string> {
    return this.more.keys();
  }

  /** Whether an item holds `${`, which opens a placeholder (`${env:NAME}`). */
  get holdsOpening(): boolean {
    return this.openings > 0;
  }

  /** Which state of the list this is: compare with a later one to know whether items were replaced since. */
  get state(): number {
    return this.edits;
  }

  /** The repeated items remembered for `state`, if any. */
  rememberedRepeats(state: number): RememberedRepeats | undefined {
    return this.repeats?.edits === state ? this.repeats : undefined;
  }

  /** Remembers the repeated items of `state`, in list order (not when items were replaced since). */
  rememberRepeats(state: number, items: RepeatedItem[]): void {
    if (state === this.edits) this.repeats = { edits: state, items, stale: new Set() };
  }

  /**
   * The items from index `at` on that held `removed` now hold `added`: counts them, and keeps the
   * remembered repeated items up to date (see {@link repeats}); past a few ids to look for again,
   * or a batch of items, it forgets them.
   */
  replace(at: number, removed: readonly string[], added: readonly string[]): void {
    const kept = this.repeats;
    this.repeats = undefined;
    // (An id taken out was repeated if held twice before; one put in, if held twice after.)
    if (kept !== undefined) this.addRepeated(removed, kept.stale);
    this.remove(removed);
    this.add(added);
    this.edits++;
    if (kept === undefined || removed.length + added.length > MAX_STALE) return;
    this.addRepeated(added, kept.stale);
    if (kept.stale.size > MAX_STALE) return;
    const delta = added.length - removed.length;
    if (delta !== 0) {
      const from = at + removed.length;
      for (const item of kept.items) {
        if (item.index >= from) item.index += delta;
        if (item.first >= from) item.first += delta;
      }
    }
    kept.edits = this.edits;
    this.repeats = kept;
  }

  /** Adds to `to` those of `values` more than one item holds. */
  private addRepeated(values: readonly string[], to: Set<string>): void {
    for (let i = 0; i < values.length; i++) if (this.more.has(values[i]!)) to.add(values[i]!);
  }

  add(values: readonly string[]): void {
    this.held.reserve(this.held.size + values.length);
    const following = this.totals.size !== 0;
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      // (A typed item is no id: not counted. The scan lists them: ScannedList.typedItems.)
      if (isTyped(value)) continue;
      if (!this.held.add(value)) this.more.set(value, (this.more.get(value) ?? 0) + 1);
      if (value.includes(OPENING)) this.openings++;
      if (following) this.follow(value, 1);
    }
  }

  remove(values: readonly string[]): void {
    const following = this.totals.size !== 0;
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      if (isTyped(value)) continue;
      const more = this.more.get(value);
      if (more === undefined) this.held.delete(value);
      else if (more === 1) this.more.delete(value);
      else this.more.set(value, more - 1);
      if (value.includes(OPENING)) this.openings--;
      if (following) this.follow(value, -1);
    }
  }

  /** After `value` was added (1) or removed (-1): the totals of the sets holding it. */
  private follow(value: string, change: 1 | -1): void {
    for (const [values, total] of this.totals) {
      if (!values.has(value)) continue;
      total.items += change;
      // The first item to hold it came, or the last one went.
      if (this.count(value) === (change === 1 ? 1 : 0)) total.ids += change;
    }
  }
}

/** An item of a list that holds the same id as an earlier one, the first to hold it at `first`. */
export interface RepeatedItem {
  index: number;
  readonly id: string;
  first: number;
}

/** A list's repeated items as remembered: right but for the items of the ids in `stale`. */
export interface RememberedRepeats {
  edits: number;
  readonly items: RepeatedItem[];
  readonly stale: Set<string>;
}

/** What opens a placeholder (`${env:NAME}`; see envPlaceholders.ts). */
const OPENING = '${';

/** How many ids an edit may change, or leave to look for again, and the repeated items still be kept up to date. */
const MAX_STALE = 64;

/** Of a set of ids: how many items hold one of them, and how many of them some item holds. */
export interface Holding {
  items: number;
  ids: number;
}

/** How many sets of ids {@link IdCounts.holding} keeps counting (one per document a bulk update reported on, in practice). */
const MAX_FOLLOWED_SETS = 4;
