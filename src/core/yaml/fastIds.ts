// A fast path for the long `ids` list of a target-settings document.
//
// Parsing a 100,000-id list with the `yaml` package costs most of a second: one lexer token, CST
// item and Scalar node per id. So the list is read here, and the `yaml` package parses a stand-in
// text of the SAME LENGTH in which every long run of simple items is replaced by its first item
// followed by a comment of spaces. Every offset outside the runs is unchanged, so every other node,
// range, error and comment (other items of the list included: one being typed, an anchor, a tag)
// comes out of the `yaml` parse as before; the id nodes of each run are then built here, with the
// ranges, comments and blank-line marks the full parse gives them.
//
// What is read here, in a top-level `ids:` list:
// - a block list: item lines `<indent>- <id>` with the id plain, 'single-quoted' or
//   "double-quoted" (no escapes), optionally followed by `# comment`; between items, comment lines
//   and blank lines (they become the next item's `commentBefore` / `spaceBefore`, as the `yaml`
//   composer makes them); one kind of line break per run;
// - a flow list opened on the `ids:` line, on one line or several: `ids: [a, "b", 'c']`.
// An edit reads again only the lines (or flow items) it touched: the others are taken over from
// the last version with their nodes, moved when the edit was before them.
// Runs start after an item line (or the `ids:` line, or comment and blank lines) and end before
// an item line of the list, a column-0 line or the end of the text, so that no line next to a
// run could continue one of its scalars. After a line with an unclosed quote no run is made: the
// quoted scalar runs on over the lines after it, and the `yaml` package reads those as they are.
//
// It steps aside (the caller parses the original text) whenever unsure: no long run, a list not at
// the root, ids the schema would read as anything but a string (`true`, `null`, `0x1F`, `1e5`...),
// and, after the stand-in parse, any error or warning inside a run, or any run that did not come
// out as exactly one padded item of the `ids` list. test/unit/core/yaml.fastIds.test.ts checks it
// against the full parse: same AST (every node, value and range), same values, same diagnostics,
// on adversarial files, random files and random edits.

import { Document, Scalar, isMap, isNode, isScalar, isSeq, type DocumentOptions, type ParseOptions, type SchemaOptions, type YAMLError } from 'yaml';

/** Lists with fewer simple ids go through the `yaml` parse as usual (the fast path only pays off on long lists). */
export const MIN_FAST_IDS = 256;
/** Shorter runs of simple lines stay in the stand-in as they are. */
const MIN_RUN = 32;

type Options = ParseOptions & DocumentOptions & SchemaOptions;

/** What {@link fastIdsStandIn} found: the stand-in text and how to put the ids back. */
export interface FastIdsStandIn {
  /** The source with each long run of ids shortened to one padded item; same length as the source. */
  readonly text: string;
  /**
   * Puts the id nodes into the documents parsed from {@link text} (with `parser.offset = start`).
   * Returns false, leaving the documents unusable, when they are not exactly as expected: the
   * caller must then parse the original source.
   */
  restore(documents: readonly Document.Parsed[], start: number): boolean;
}

/**
 * What the fast path knows of an `ids` list it built: the items at these index spans of the list
 * are non-empty strings, none equal to another of them. Checks of every item (repeats, emptiness,
 * type) can skip them and look only at the others; `inSpans` says whether one of those others
 * repeats an id of the spans.
 */
export interface KnownIds {
  /** `[first index, count]` of each span, in order. */
  readonly spans: readonly (readonly [number, number])[];
  /** How many items of the spans hold `value` (0 or 1). */
  inSpans(value: string): number;
}

/** The lists the fast path built in the last parses, with what it knows of them. */
export const knownIdsOf = new WeakMap<object, KnownIds>();

/** How many item lines of a list hold each id, kept up to date line by line. */
class IdCounts {
  readonly counts = new Map<string, number>();
  /** How many ids are held by more than one line. */
  repeated = 0;

  add(lines: Iterable<ListLine | FlowItem>): void {
    for (const line of lines) {
      if (line.kind !== 'item') continue;
      const n = (this.counts.get(line.value) ?? 0) + 1;
      this.counts.set(line.value, n);
      if (n === 2) this.repeated++;
    }
  }

  remove(lines: Iterable<ListLine | FlowItem>): void {
    for (const line of lines) {
      if (line.kind !== 'item') continue;
      const n = (this.counts.get(line.value) ?? 1) - 1;
      if (n === 0) this.counts.delete(line.value);
      else this.counts.set(line.value, n);
      if (n === 1) this.repeated--;
    }
  }
}

/** Switch and counters, for the differential test (which parses with the fast path on and off). */
export const fastIdsControl = { enabled: true, restored: 0, rejected: 0, listsReused: 0, linesRead: 0 };

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

const testsBySchema = new WeakMap<object, RegExp[]>();

/** The tests by which the composer resolves a plain scalar to a non-string (null, bool, int, float). */
function nonStringTests(options: Options): RegExp[] {
  let tests = testsBySchema.get(options);
  if (tests === undefined) {
    tests = [];
    for (const tag of new Document(null, options).schema.tags) {
      // As the composer's findScalarTagByTest: a default tag whose test matches wins over `str`.
      const t = tag as { default?: unknown; test?: RegExp; tag?: string };
      if (t.default === true && t.test instanceof RegExp && t.tag !== 'tag:yaml.org,2002:str') tests.push(t.test);
    }
    testsBySchema.set(options, tests);
  }
  return tests;
}

type ScalarType = 'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE';

/**
 * An id of a flow list as read, its offsets relative to where its scalar starts: an item that an
 * edit elsewhere only moved is taken over as it is, with its node (made for the scalar at file
 * offset `base`).
 */
interface FlowItem {
  readonly kind: 'item';
  readonly value: string;
  readonly type: ScalarType;
  /** Length of the scalar (quotes included), and where its node ends: the separator after it (`,` or `]`). */
  readonly length: number;
  readonly sep: number;
  node?: Scalar;
  base?: number;
}

/** The items of a flow list, read from `source` (one YAML document's text). */
interface FlowScan {
  readonly options: object;
  readonly source: string;
  /** Where `[` and `]` are, and where the line of `]` ends (before its line break). */
  readonly open: number;
  readonly close: number;
  readonly lineEnd: number;
  readonly items: readonly FlowItem[];
  /** Offset in `source` where each item's scalar starts. */
  readonly starts: readonly number[];
  readonly counts: IdCounts;
}

/**
 * A line of a block list as read, its offsets relative to the line's start: a line that an edit
 * elsewhere only moved is taken over as it is, with the node built for it (`node`, whose range
 * was made for the line at file offset `base`).
 */
type ListLine =
  | {
      readonly kind: 'item';
      readonly value: string;
      readonly type: ScalarType;
      /** Offsets of the scalar in the line. */
      readonly from: number;
      readonly to: number;
      readonly comment?: string;
      readonly length: number;
      readonly eol: number;
      node?: Scalar;
      base?: number;
    }
  | { readonly kind: 'comment'; readonly text: string; readonly length: number; readonly eol: number }
  | { readonly kind: 'blank'; readonly length: number; readonly eol: number }
  | { readonly kind: 'other'; readonly length: number; readonly isItem: boolean; readonly openQuote: boolean };

/** The lines of a block list, read from `source` (one YAML document's text). */
interface ListScan {
  readonly options: object;
  readonly source: string;
  /** Where the `ids:` line starts, and where the line after it (the list's first) starts. */
  readonly keyStart: number;
  readonly listStart: number;
  readonly indent: string;
  readonly lines: readonly ListLine[];
  /** Offset in `source` of each line. */
  readonly starts: readonly number[];
  /** Where the line that ends the list starts (or the text's end), and what that line is. */
  readonly end: number;
  readonly ending: 'end' | 'key' | 'other';
  /** The ids of the item lines (shared by the scans of one list's versions, kept up to date). */
  readonly counts: IdCounts;
  readonly runs: readonly IdsRun[];
  /** The ids of item lines outside every run (few: an item being typed, the lines after an open quote...). */
  readonly outside: ReadonlyMap<string, number>;
}

/** A run of simple ids, replaced in the stand-in by its first item and a padding comment. */
interface IdsRun {
  /** Start of the text the stand-in replaces, and its end (exclusive). */
  readonly start: number;
  readonly end: number;
  /** The comment of spaces yaml reads after the first item in the stand-in. */
  readonly padding: string;
  /** The stand-in text for [start, end). */
  readonly standIn: string;
  /** How many ids the run holds. */
  readonly count: number;
  /** The value, type and scalar offsets of the first item (the one the stand-in keeps). */
  readonly first: { readonly value: string; readonly type: ScalarType; readonly valueStart: number; readonly valueEnd: number };
  /** A block run: its lines, from the first item's line to the last item's (indexes in ListScan.lines). */
  readonly block?: { readonly scan: Omit<ListScan, 'runs' | 'outside'>; readonly from: number; readonly to: number };
  /** A flow list: its items; the stand-in closes the list after the first one. */
  readonly flow?: FlowScan;
}

/** A scalar at `pos` as a simple id: where it ends and its value; undefined when it is not one. */
function scalarAt(source: string, pos: number, tests: readonly RegExp[], flow: boolean): { end: number; value: string; type: ScalarType } | undefined {
  const c = source.charCodeAt(pos);
  if (c === 0x22 /* " */ || c === 0x27 /* ' */) {
    let j = pos + 1;
    for (;;) {
      const d = source.charCodeAt(j);
      if (d === c) {
        // A doubled single quote is an escaped quote; anything fancier is left to the parser.
        if (c === 0x27 && source.charCodeAt(j + 1) === 0x27) {
          j += 2;
          continue;
        }
        break;
      }
      if (!isQuotedChar(d, c)) return undefined;
      j++;
    }
    const inner = source.slice(pos + 1, j);
    // An empty or blank id is not simple: the checks have something to say about it.
    if (inner.trim() === '') return undefined;
    return { end: j + 1, value: c === 0x27 ? inner.replace(/''/g, "'") : inner, type: c === 0x27 ? 'QUOTE_SINGLE' : 'QUOTE_DOUBLE' };
  }
  if (!isIdChar(c) || c === 0x2d) return undefined;
  let j = pos;
  while (isIdChar(source.charCodeAt(j))) j++;
  const value = source.slice(pos, j);
  // In the YAML 1.2 core schema only a plain scalar starting with `~`, N/n (null), T/t/F/f (bool),
  // a digit, `+`, `-` or `.` (int, float) can resolve to anything but a string; others skip the tests.
  if (!isPlainStringStart(c)) {
    for (const test of tests) if (test.test(value)) return undefined;
  }
  // In a block list a plain scalar ends at the line's end or before ` #`; in a flow list also at `,`/`]`.
  const next = source.charCodeAt(j);
  if (!(next === 0x20 || next === 0x0a || next === 0x0d || Number.isNaN(next) || (flow && (next === 0x2c || next === 0x5d)))) return undefined;
  return { end: j, value, type: 'PLAIN' };
}

/** The line break at `pos`: 1 (`\n`), 2 (`\r\n`), 0 (none: not at a line break). */
function eolAt(source: string, pos: number): number {
  const c = source.charCodeAt(pos);
  if (c === 0x0a) return 1;
  return c === 0x0d && source.charCodeAt(pos + 1) === 0x0a ? 2 : 0;
}

/** Where the text of the line containing `pos` ends (before its line break). */
function contentEnd(source: string, pos: number): number {
  let k = pos;
  while (k < source.length && source.charCodeAt(k) !== 0x0a && source.charCodeAt(k) !== 0x0d) k++;
  return k;
}

/** After a scalar: spaces, then an optional `# comment`, then a line break. */
function lineRest(source: string, pos: number): { comment?: string; eolStart: number; eol: number } | undefined {
  let j = pos;
  while (source.charCodeAt(j) === 0x20) j++;
  if (source.charCodeAt(j) === 0x23 /* # */) {
    if (j === pos) return undefined; // a comment needs a space before it
    const k = contentEnd(source, j);
    const eol = eolAt(source, k);
    return eol === 0 ? undefined : { comment: source.slice(j + 1, k) || ' ', eolStart: k, eol };
  }
  const eol = eolAt(source, j);
  return eol === 0 ? undefined : { eolStart: j, eol };
}

function readLine(source: string, pos: number, indent: string, tests: readonly RegExp[]): ListLine {
  fastIdsControl.linesRead++;
  let j = pos;
  while (source.charCodeAt(j) === 0x20) j++;
  const eol = eolAt(source, j);
  if (eol > 0) return { kind: 'blank', length: j + eol - pos, eol };
  if (source.charCodeAt(j) === 0x23 /* # */) {
    const k = contentEnd(source, j);
    const lineEol = eolAt(source, k);
    // A comment line no deeper than the items goes to the next item; a deeper one to the item before.
    if (lineEol > 0 && j - pos <= indent.length) return { kind: 'comment', text: source.slice(j + 1, k) || ' ', length: k + lineEol - pos, eol: lineEol };
    return { kind: 'other', length: k + lineEol - pos, isItem: false, openQuote: false };
  }
  const isItem = isItemLine(source, pos, indent);
  if (isItem && source.charCodeAt(pos + indent.length + 1) === 0x20) {
    const valueStart = pos + indent.length + 2;
    const scalar = scalarAt(source, valueStart, tests, false);
    const rest = scalar && lineRest(source, scalar.end);
    if (scalar !== undefined && rest !== undefined) {
      const line: ListLine = { kind: 'item', value: scalar.value, type: scalar.type, from: valueStart - pos, to: scalar.end - pos, length: rest.eolStart + rest.eol - pos, eol: rest.eol };
      return rest.comment === undefined ? line : { ...line, comment: rest.comment };
    }
  }
  const end = nextLine(source, pos);
  const text = source.slice(pos, end);
  return { kind: 'other', length: end - pos, isItem, openQuote: text.includes('"') || text.includes("'") };
}

/** Whether the line at `pos` ends the list's lines, and how; undefined when it does not. */
function listEndAt(source: string, pos: number, indent: string): 'end' | 'key' | 'other' | undefined {
  if (pos >= source.length) return 'end';
  const c = source.charCodeAt(pos);
  if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x23 /* # */ || (indent === '' && c === 0x2d) /* - */) return undefined;
  return /[A-Za-z_]/.test(source[pos]) ? 'key' : 'other';
}

/** Whether the line at `pos` is an item of the list: `<indent>-` then a space or a line break. */
function isItemLine(source: string, pos: number, indent: string): boolean {
  const dash = pos + indent.length;
  if (!source.startsWith(indent, pos) || source.charCodeAt(dash) !== 0x2d) return false;
  const after = source.charCodeAt(dash + 1);
  return after === 0x20 || after === 0x0a || (after === 0x0d && source.charCodeAt(dash + 2) === 0x0a);
}

function nextLine(source: string, pos: number): number {
  const nl = source.indexOf('\n', pos);
  return nl === -1 ? source.length : nl + 1;
}

/** Reads list lines from `pos` into `lines`/`starts` until the list ends; returns where and how. */
function readLines(source: string, pos: number, indent: string, tests: readonly RegExp[], lines: ListLine[], starts: number[]): { end: number; ending: 'end' | 'key' | 'other' } {
  for (;;) {
    const ending = listEndAt(source, pos, indent);
    if (ending !== undefined) return { end: pos, ending };
    const line = readLine(source, pos, indent, tests);
    lines.push(line);
    starts.push(pos);
    pos += line.length;
  }
}

/** Reads the block list whose first line starts at `listStart`, every line of it. */
function scanBlockList(source: string, keyStart: number, listStart: number, options: Options): ListScan | undefined {
  // The list's indentation is that of its first line, which must be an item.
  let p = listStart;
  while (source.charCodeAt(p) === 0x20) p++;
  const indent = source.slice(listStart, p);
  if (!isItemLine(source, listStart, indent)) return undefined;
  const lines: ListLine[] = [];
  const starts: number[] = [];
  const { end, ending } = readLines(source, listStart, indent, nonStringTests(options), lines, starts);
  const counts = new IdCounts();
  counts.add(lines);
  return withRuns({ options, source, keyStart, listStart, indent, lines, starts, end, ending, counts });
}

/** Lengths of the longest common prefix and suffix of two texts (not overlapping in the shorter one). */
function commonEnds(a: string, b: string): { prefix: number; suffix: number } {
  const max = Math.min(a.length, b.length);
  const CHUNK = 4096;
  let prefix = 0;
  // Native comparisons of whole chunks first, then characters.
  while (prefix + CHUNK <= max && a.substring(prefix, prefix + CHUNK) === b.substring(prefix, prefix + CHUNK)) prefix += CHUNK;
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  const room = max - prefix;
  while (suffix + CHUNK <= room && a.substring(a.length - suffix - CHUNK, a.length - suffix) === b.substring(b.length - suffix - CHUNK, b.length - suffix)) suffix += CHUNK;
  while (suffix < room && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;
  return { prefix, suffix };
}

/**
 * The scan of `source` from an earlier scan of a text that differs from it in one place: the lines
 * before and after the change are taken over (those after it moved), the lines it touches are read
 * again. Undefined when the change reaches the `ids:` line (then the list is read afresh).
 */
function rescanBlockList(old: ListScan, source: string): ListScan | undefined {
  const { prefix, suffix } = commonEnds(old.source, source);
  const oldChangeEnd = old.source.length - suffix;
  const delta = source.length - old.source.length;
  if (prefix === old.source.length && delta === 0) return old;
  if (oldChangeEnd <= old.keyStart) {
    // A change before the `ids:` line: the list only moved.
    return withRuns({ ...old, source, keyStart: old.keyStart + delta, listStart: old.listStart + delta, starts: old.starts.map((s) => s + delta), end: old.end + delta });
  }
  // A change in the list's first line may change its indentation, which every line is read by.
  if (prefix < old.listStart + old.lines[0].length) return undefined;
  // The first character of the line that ends the list decides the end: a change after it leaves the list as it is.
  if (prefix > old.end) return withRuns({ ...old, source });
  const tests = nonStringTests(old.options as Options);
  // From the line before the one the change starts in (a line's reading depends on its own text only).
  let i = upperBound(old.starts, prefix) - 1;
  if (i > 0) i--;
  if (i < 0) i = 0;
  const lines = old.lines.slice(0, i);
  const starts = old.starts.slice(0, i);
  let pos = old.starts.length > 0 ? old.starts[i] : old.listStart;
  // Old lines from k on are taken over once the reading reaches one of them (moved by delta).
  let k = upperBound(old.starts, oldChangeEnd - 1);
  for (;;) {
    while (k < old.starts.length && old.starts[k] + delta < pos) k++;
    if (pos >= oldChangeEnd + delta && k < old.starts.length && old.starts[k] + delta === pos) {
      old.counts.remove(old.lines.slice(i, k));
      old.counts.add(lines.slice(i));
      for (let n = k; n < old.lines.length; n++) {
        lines.push(old.lines[n]);
        starts.push(old.starts[n] + delta);
      }
      return withRuns({ ...old, source, lines, starts, end: old.end + delta, ending: old.ending });
    }
    const ending = listEndAt(source, pos, old.indent);
    if (ending !== undefined) {
      // The list now ends here: at its old end (moved), or somewhere else.
      old.counts.remove(old.lines.slice(i));
      old.counts.add(lines.slice(i));
      return withRuns({ ...old, source, lines, starts, end: pos, ending });
    }
    const line = readLine(source, pos, old.indent, tests);
    lines.push(line);
    starts.push(pos);
    pos += line.length;
  }
}

/** The number of values in the sorted list that are at most `x`. */
function upperBound(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The scan with its runs: maximal stretches from an item line to an item line, over simple items
 * and the comment and blank lines between them, all with one kind of line break.
 */
function withRuns(scan: Omit<ListScan, 'runs' | 'outside'>): ListScan {
  const lines = scan.lines;
  const runs: IdsRun[] = [];
  let from = -1;
  let last = -1;
  let count = 0;
  let eol = 0;
  /** Whether the last line that was not a comment or blank line was an item of the list. */
  let afterItem = true;
  let poisoned = false;
  const close = (nextIsSafe: boolean): void => {
    // The line after a run's last item (past comments and blank lines) must not be able to
    // continue its scalar: an item of the list, or the end of the list.
    if (!nextIsSafe && from !== -1) {
      count--;
      let previous = last - 1;
      while (previous >= from && lines[previous].kind !== 'item') previous--;
      last = previous;
    }
    if (from !== -1 && count >= MIN_RUN) {
      const run = blockRun(scan, from, last, count);
      if (run !== undefined) runs.push(run);
    }
    from = -1;
    count = 0;
  };
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    if (poisoned) continue;
    if (line.kind === 'comment' || line.kind === 'blank') {
      // A change of line breaks ends a run (its lines share one); the next line is an item, so safe.
      if (from !== -1 && line.eol !== eol) close(true);
    } else if (line.kind === 'item') {
      if (from !== -1 && line.eol !== eol) close(true);
      if (from === -1 && afterItem) {
        from = n;
        eol = line.eol;
      }
      if (from !== -1) {
        last = n;
        count++;
      }
      afterItem = true;
    } else {
      close(line.isItem);
      afterItem = line.isItem;
      // After an unclosed quote the quoted scalar runs on over the next lines: they are the parser's.
      if (line.openQuote) poisoned = true;
    }
  }
  if (!poisoned) close(scan.ending !== 'other');
  // The item lines in no run.
  const outside = new Map<string, number>();
  let r = 0;
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n];
    while (r < runs.length && runs[r].block!.to < n) r++;
    if (line.kind === 'item' && !(r < runs.length && runs[r].block!.from <= n)) outside.set(line.value, (outside.get(line.value) ?? 0) + 1);
  }
  return { ...scan, runs, outside };
}

/** Cuts a run into the stand-in: the first item (as written), a comment of spaces to the run's end. */
function blockRun(scan: Omit<ListScan, 'runs' | 'outside'>, from: number, to: number, count: number): IdsRun | undefined {
  const first = scan.lines[from];
  const last = scan.lines[to];
  if (first.kind !== 'item' || last.kind !== 'item') return undefined;
  const start = scan.starts[from];
  const end = scan.starts[to] + last.length;
  const head = `${scan.indent}- ${scan.source.slice(start + first.from, start + first.to)} #`;
  const paddingLength = end - start - head.length - first.eol;
  if (paddingLength < 1) return undefined;
  const padding = ' '.repeat(paddingLength);
  return {
    start,
    end,
    padding,
    standIn: head + padding + (first.eol === 2 ? '\r\n' : '\n'),
    count,
    first: { value: first.value, type: first.type, valueStart: start + first.from, valueEnd: start + first.to },
    block: { scan, from, to },
  };
}

/**
 * Skips the white space between flow items from `pos`: spaces, and line breaks when each line after
 * one is indented (a line at column 0 would break the list's indentation) or starts with the
 * closing `]`. Undefined at a blank line (it would give the next item `spaceBefore`).
 */
function skipFlowSpace(source: string, pos: number): number | undefined {
  for (;;) {
    while (source.charCodeAt(pos) === 0x20) pos++;
    const eol = eolAt(source, pos);
    if (eol === 0) return pos;
    pos += eol;
    const c = source.charCodeAt(pos);
    if (c !== 0x20 && c !== 0x5d /* ] */) return undefined;
    let j = pos;
    while (source.charCodeAt(j) === 0x20) j++;
    if (eolAt(source, j) > 0) return undefined;
  }
}

/**
 * The items of a flow list that starts on the `ids:` line (`[` at `open`), on that line or over
 * several, or undefined when it is not simple (comments, blank lines, nested collections...).
 * With `old` (the scan of an earlier text that differs from `source` in one place), the items
 * before the change and after it are taken over (moved), the ones it touches read again.
 */
function scanFlowList(source: string, open: number, options: Options, old?: FlowScan): FlowScan | undefined {
  const tests = nonStringTests(options);
  const items: FlowItem[] = [];
  const starts: number[] = [];
  let pos = open + 1;
  let change: { end: number; delta: number; k: number; i: number } | undefined;
  if (old !== undefined && old.options === options) {
    const { prefix, suffix } = commonEnds(old.source, source);
    const delta = source.length - old.source.length;
    // A change before the list only moves it.
    if (old.source.length - suffix <= old.open && open === old.open + delta) {
      return { ...old, source, open, close: old.close + delta, lineEnd: old.lineEnd + delta, starts: old.starts.map((s) => s + delta) };
    }
    if (old.open !== open) return scanFlowList(source, open, options);
    // From the item before the one the change starts in; the ones before are taken over.
    const i = Math.max(0, upperBound(old.starts, prefix) - 2);
    for (let n = 0; n < i; n++) {
      items.push(old.items[n]);
      starts.push(old.starts[n]);
    }
    if (i > 0) pos = old.starts[i - 1] + old.items[i - 1].sep + 1;
    const end = old.source.length - suffix;
    change = { end: end + delta, delta, k: upperBound(old.starts, end - 1), i };
  }
  for (;;) {
    const at = skipFlowSpace(source, pos);
    if (at === undefined) return undefined;
    if (change !== undefined && old !== undefined) {
      // Past the change, at an item that only moved: take it and the rest over.
      while (change.k < old.starts.length && old.starts[change.k] + change.delta < at) change.k++;
      if (at >= change.end && change.k < old.starts.length && old.starts[change.k] + change.delta === at) {
        for (let n = change.k; n < old.items.length; n++) {
          items.push(old.items[n]);
          starts.push(old.starts[n] + change.delta);
        }
        old.counts.remove(old.items.slice(change.i, change.k));
        old.counts.add(items.slice(change.i, change.i + (items.length - change.i - (old.items.length - change.k))));
        return { options, source, open, close: old.close + change.delta, lineEnd: old.lineEnd + change.delta, items, starts, counts: old.counts };
      }
    }
    const scalar = scalarAt(source, at, tests, true);
    if (scalar === undefined) return undefined;
    const sep = skipFlowSpace(source, scalar.end);
    if (sep === undefined) return undefined;
    let c = source.charCodeAt(sep);
    if (c !== 0x2c /* , */ && c !== 0x5d /* ] */) return undefined;
    items.push({ kind: 'item', value: scalar.value, type: scalar.type, length: scalar.end - at, sep: sep - at });
    starts.push(at);
    pos = sep + 1;
    if (c === 0x2c) {
      // A comma may end the list (`[a, b,]`).
      const next = skipFlowSpace(source, pos);
      if (next === undefined) return undefined;
      c = source.charCodeAt(next);
      if (c === 0x5d) pos = next + 1;
    }
    if (c === 0x5d) break;
  }
  const close = pos - 1;
  let lineEnd = pos;
  while (source.charCodeAt(lineEnd) === 0x20) lineEnd++;
  if (eolAt(source, lineEnd) === 0 && lineEnd < source.length) return undefined;
  let counts: IdCounts;
  if (change !== undefined && old !== undefined) {
    counts = old.counts;
    counts.remove(old.items.slice(change.i));
    counts.add(items.slice(change.i));
  } else {
    counts = new IdCounts();
    counts.add(items);
  }
  return { options, source, open, close, lineEnd, items, starts, counts };
}

/**
 * The run of a flow list: the stand-in keeps the first item and closes the list after it; the
 * rest, to the end of the line of the real `]` (line breaks included), becomes a comment of spaces
 * (one lexer step, where spaces or lines inside the list would be read one by one).
 */
function flowRun(scan: FlowScan): IdsRun | undefined {
  const { source, open, items, starts } = scan;
  if (items.length < MIN_RUN) return undefined;
  const firstItem = items[0];
  const first = { value: firstItem.value, type: firstItem.type, valueStart: starts[0], valueEnd: starts[0] + firstItem.length };
  const head = `${source.slice(open, first.valueEnd)}] #`;
  const paddingLength = scan.lineEnd - open - head.length;
  if (paddingLength < 1) return undefined;
  const padding = ' '.repeat(paddingLength);
  return { start: open, end: scan.lineEnd, padding, standIn: head + padding, count: items.length, first, flow: scan };
}

/** The last flow list read: the next version of the same text reads only what changed. */
let lastFlowScan: FlowScan | undefined;

/** The last block list read: the next version of the same text reads only what changed. */
let lastScan: ListScan | undefined;

/** The runs of a list, and the counts of its ids (for {@link KnownIds}). */
interface ListRuns {
  readonly runs: readonly IdsRun[];
  readonly counts: IdCounts;
  /** The ids of item lines outside every run. */
  readonly outside: ReadonlyMap<string, number>;
}

/** The runs of the list whose first line starts at `listStart` (block) or whose `[` is there (flow). */
function scanList(source: string, keyStart: number, listStart: number, flow: boolean, options: Options): ListRuns | undefined {
  if (flow) {
    const scan = scanFlowList(source, listStart, options, lastFlowScan);
    lastFlowScan = scan;
    const run = scan === undefined ? undefined : flowRun(scan);
    return run === undefined || scan === undefined ? undefined : { runs: [run], counts: scan.counts, outside: new Map() };
  }
  const known = lastScan;
  let scan: ListScan | undefined;
  if (known !== undefined && known.options === options) {
    scan = rescanBlockList(known, source);
    if (scan !== undefined && (scan.keyStart !== keyStart || scan.listStart !== listStart)) scan = undefined;
    if (scan !== undefined) fastIdsControl.listsReused++;
  }
  scan ??= scanBlockList(source, keyStart, listStart, options);
  lastScan = scan;
  return scan;
}

/** What the list's spans hold, when its simple items are all different (else the checks look at every item). */
function knownIds(spans: (readonly [number, number])[], counts: IdCounts, outside: ReadonlyMap<string, number>): KnownIds | undefined {
  if (counts.repeated > 0) return undefined;
  return { spans, inSpans: (value) => (counts.counts.get(value) ?? 0) - (outside.get(value) ?? 0) };
}

/**
 * The stand-in for `source` when it holds a long `ids` list of simple ids, else `undefined`.
 * @param options the parse options (the schema decides which plain scalars are strings).
 */
export function fastIdsStandIn(source: string, options: Options, minIds = MIN_FAST_IDS): FastIdsStandIn | undefined {
  if (!fastIdsControl.enabled) return undefined;
  if (options.schema !== undefined && options.schema !== 'core') return undefined;
  if (options.version !== undefined && options.version !== '1.2') return undefined;
  if (options.customTags !== undefined || options.compat !== undefined) return undefined;
  // Only the first `ids:` line at column 0 is tried: a block list below it, or a flow list on it.
  const keyLine = /^\uFEFF?ids:(?:\r?\n| +\[)/m.exec(source);
  if (keyLine === null) return undefined;
  const bom = source.charCodeAt(keyLine.index) === 0xfeff ? 1 : 0;
  const keyStart = keyLine.index + bom;
  const flow = keyLine[0].endsWith('[');
  const listStart = keyLine.index + keyLine[0].length - (flow ? 1 : 0);
  const list = scanList(source, keyStart, listStart, flow, options);
  const runs = list?.runs ?? [];
  if (list === undefined || runs.reduce((sum, run) => sum + run.count, 0) < minIds) return undefined;
  const { counts, outside } = list;

  const parts: string[] = [];
  let copied = 0;
  for (const run of runs) {
    parts.push(source.slice(copied, run.start), run.standIn);
    copied = run.end;
  }
  parts.push(source.slice(copied));
  const text = parts.join('');

  return {
    text,
    restore(documents, start) {
      const ok = restore(documents, start);
      if (ok) fastIdsControl.restored++;
      else fastIdsControl.rejected++;
      return ok;
    },
  };

  function restore(documents: readonly Document.Parsed[], start: number): boolean {
    const keyAt = start + keyStart;
    const doc = documents.find((d) => d.range[0] <= keyAt && keyAt < d.range[2]);
    if (doc === undefined || [...doc.errors, ...doc.warnings].some((e) => insideRun(e, start))) return false;
    const map = doc.contents;
    if (!isMap(map) || map.flow || map.tag !== undefined || map.anchor !== undefined) return false;
    const pair = map.items.find((p) => isScalar(p.key) && p.key.range?.[0] === keyAt);
    if (pair === undefined || !isScalar(pair.key) || pair.key.value !== 'ids' || pair.key.type !== 'PLAIN') return false;
    const seq = pair.value;
    if (!isSeq(seq) || Boolean(seq.flow) !== flow || seq.tag !== undefined || seq.anchor !== undefined || !seq.range) return false;

    if (flow) {
      const run = runs[0];
      const scan = run.flow!;
      if (seq.items.length !== 1 || !isSimpleStandIn(seq.items[0], run, start) || seq.range[0] !== start + scan.open || seq.comment !== run.padding) return false;
      seq.items = scan.items.map((item, n) => flowNode(item, start + scan.starts[n])) as typeof seq.items;
      seq.range = [seq.range[0], start + scan.close + 1, seq.range[2]];
      delete seq.comment;
      const known = knownIds([[0, scan.items.length]], counts, outside);
      if (known !== undefined) knownIdsOf.set(seq, known);
      return true;
    }

    const items: unknown[] = [];
    const spans: Array<[number, number]> = [];
    let r = 0;
    for (const item of seq.items) {
      const run = runs[r];
      if (run === undefined || !isNode(item) || item.range?.[0] !== start + run.first.valueStart) {
        items.push(item); // an item of the text as it is
        continue;
      }
      if (!isSimpleStandIn(item, run, start) || item.comment !== run.padding || item.range[2] !== start + run.end) return false;
      // The first item's comments and blank lines before it are the parser's, from the text as it is.
      spans.push([items.length, run.count]);
      blockNodes(run, start, items, item);
      r++;
    }
    if (r !== runs.length) return false;
    seq.items = items as typeof seq.items;
    const known = knownIds(spans, counts, outside);
    if (known !== undefined) knownIdsOf.set(seq, known);
    return true;
  }

  function insideRun(e: YAMLError, start: number): boolean {
    return runs.some((run) => e.pos[1] > start + run.start && e.pos[0] < start + run.end);
  }
}

/** Whether the parsed stand-in item is the run's first item, as written. */
function isSimpleStandIn(item: unknown, run: IdsRun, start: number): item is Scalar & { range: [number, number, number] } {
  const first = run.first;
  return (
    isScalar(item) &&
    item.value === first.value &&
    item.type === first.type &&
    item.tag === undefined &&
    item.anchor === undefined &&
    item.range?.[0] === start + first.valueStart &&
    item.range[1] === start + first.valueEnd
  );
}

function newNode(value: string, type: ScalarType, range: [number, number, number]): Scalar {
  const node = new Scalar(value);
  node.range = range;
  node.source = value;
  node.type = type;
  return node;
}

const EOL = ['', '\n', '\r\n'];

/**
 * Appends the nodes of a block run to `out`, as the `yaml` parse builds them: an item's comment
 * and blank lines before it become its `commentBefore` and `spaceBefore` (as the composer's
 * resolveProps makes them: comments joined by their line breaks, a blank line after a comment
 * adds its line break, a blank line before any comment marks `spaceBefore`). The first item's come
 * from the parse of the stand-in (`firstParsed`), where the lines before the run stay as they are.
 *
 * Each item line keeps its node from one version to the next: a line the edit moved gets its
 * node's range moved, in place. So a parse holds its id nodes until the next version of the same
 * list is parsed (ParseCache keeps the newest parse of each file only).
 */
function blockNodes(run: IdsRun, start: number, out: unknown[], firstParsed: Scalar): void {
  const { scan, from, to } = run.block!;
  let comment = '';
  let separator = '';
  let spaceBefore = false;
  for (let n = from; n <= to; n++) {
    const line = scan.lines[n];
    if (line.kind === 'item') {
      const node = itemNode(line, start + scan.starts[n]);
      setProps(node, n === from ? firstParsed.commentBefore ?? undefined : comment || undefined, n === from ? firstParsed.spaceBefore : spaceBefore);
      out.push(node);
      comment = '';
      separator = '';
      spaceBefore = false;
    } else if (line.kind === 'comment') {
      comment = comment === '' ? line.text : comment + separator + line.text;
      separator = EOL[line.eol];
    } else if (comment !== '') {
      comment += EOL[line.kind === 'blank' ? line.eol : 0];
    } else {
      spaceBefore = true;
    }
  }
}

/** The node of an item line whose text starts at file offset `base`: kept from the last version (moved), or new. */
function itemNode(line: Extract<ListLine, { kind: 'item' }>, base: number): Scalar {
  const node = line.node;
  if (node === undefined || line.base === undefined) {
    const created = newNode(line.value, line.type, [base + line.from, base + line.to, base + line.length]);
    if (line.comment !== undefined) created.comment = line.comment;
    line.node = created;
    line.base = base;
    return created;
  }
  if (line.base !== base) {
    const delta = base - line.base;
    const range = node.range!;
    range[0] += delta;
    range[1] += delta;
    range[2] += delta;
    line.base = base;
  }
  return node;
}

/** The node of a flow item whose scalar starts at file offset `base`: kept from the last version (moved), or new. */
function flowNode(item: FlowItem, base: number): Scalar {
  if (item.node === undefined || item.base === undefined) {
    item.node = newNode(item.value, item.type, [base, base + item.length, base + item.sep]);
    item.base = base;
  } else if (item.base !== base) {
    const delta = base - item.base;
    const range = item.node.range!;
    range[0] += delta;
    range[1] += delta;
    range[2] += delta;
    item.base = base;
  }
  return item.node;
}

function setProps(node: Scalar, commentBefore: string | undefined, spaceBefore: boolean | undefined): void {
  if (node.commentBefore !== commentBefore) {
    if (commentBefore === undefined) delete node.commentBefore;
    else node.commentBefore = commentBefore;
  }
  if (Boolean(node.spaceBefore) !== Boolean(spaceBefore)) {
    if (spaceBefore) node.spaceBefore = true;
    else delete node.spaceBefore;
  }
}
