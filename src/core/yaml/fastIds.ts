// A fast path for the long `ids` list of a target-settings document.
//
// Parsing a 100,000-id list with the `yaml` package costs most of a second: one lexer token, CST
// item and Scalar node per id. So the list is read here, and the `yaml` package parses a short
// stand-in text in which every long run of simple items is replaced by its first item followed by
// a comment (`# `). The parse's offsets after a run are moved back by what the run was shortened
// (FastIdsStandIn.toFile), so every other node, range, error and comment (other items of the list
// included: one being typed, an anchor, a tag) comes out of the `yaml` parse as it would from the
// whole text; the ids of each run are then put in the list, as nodes made when a feature asks for
// one (idsItems.ts), with the ranges, comments and blank-line marks the full parse gives them.
//
// What is read here, in a top-level `ids:` list (or, in a document without a long one, a bare list
// or the list of another top-level key, a misspelled `ids`: see keyLines):
// - a block list: item lines `<indent>- <id>` (more spaces may follow the dash) with the id
//   plain, 'single-quoted' or "double-quoted" (no escapes), optionally followed by `# comment`;
//   between items, comment lines and blank lines (they become the next item's `commentBefore` /
//   `spaceBefore`, as the `yaml` composer makes them); any line breaks, mixed or not; plain items
//   the schema reads as a number or true/false (`12345`, `0x1F`: ids pasted from a spreadsheet
//   column) too, kept marked (TYPED in idsText.ts) and listed apart from the ids the spans vouch
//   for (KnownIds.typed), so that the checks look at each of them;
// - a flow list opened on the `ids:` line, on one line or several: `ids: [a, "b", 'c']`, with
//   comment and blank lines between the items and comments after their commas, and plain items
//   read as a number or true/false as in a block list; the same list as an entry of a document
//   that is a flow mapping (JSON, as programs write it: `{"ids": [...]}`, ids written as numbers
//   too: `{"ids": [4000007919, ...]}`).
// The list read is kept from one version of the document to the next (idsBlock.ts, idsFlow.ts):
// an edit reads again only the lines (or flow items) it touched; the others are kept, in the same
// arrays, changed in place. So a parse's list, and the nodes made from it, hold until the next
// parse of the same document (the language service keeps the newest parse of each file only).
// Runs start after an item line (or the `ids:` line, or comment and blank lines) and end before
// an item line of the list, a column-0 line or the end of the text, so that no line next to a
// run could continue one of its scalars (idsRuns.ts finds them). After a line with an unclosed
// quote no run is made, unless the quoted scalar certainly ends on that line (endsOnItsLine): it
// may run on over the lines after it, and the `yaml` package reads those as they are.
//
// It steps aside (the caller parses the original text) whenever unsure: no long run, a list not at
// the root, an item of a flow list it does not read (`null`, a nested list...), and, after the
// stand-in parse, any error or warning inside a run, or any run that did not come out as exactly
// one padded item of the `ids` list. test/unit/core/yaml.fastIds.test.ts checks it against the
// full parse: same AST (every node, value and range), same values, same diagnostics, on
// adversarial files, random files and random edits.

import { isMap, isNode, isScalar, isSeq, type Document, type Pair, type Scalar, type YAMLError, type YAMLSeq } from 'yaml';
import { blockItemNode, blockItemRange, lineOfItem, rescanBlockList, scanBlockList, type ListScan } from './idsBlock';
import { flowItemNode, flowItemRange, rescanFlowList, scanFlowList, type FlowScan } from './idsFlow';
import { lazyItems, type ListItems } from './idsItems';
import type { MixedValues, ScannedList } from './idsNodes';
import { PADDING, blockRuns, flowRun, type IdsRun } from './idsRuns';
import {
  eolAt,
  fastIdsStats,
  jsValueOf,
  nextLine,
  skipBlanks,
  startsLine,
  upperBound,
  type Holding,
  type IdCounts,
  type Options,
  type RepeatedItem,
} from './idsText';
import { commonEndsOf, type TextChange } from './textChange';
import type { Text } from './text';

export { fastIdsStats } from './idsText';
export { moveScan } from './idsNodes';

/** The `ids` list of a document as the fast path read it (handed from one version's parse to the next). */
export type IdsScan = ListScan | FlowScan;

/** The default tag of a list (`!!seq`), which changes nothing when written. */
const SEQ_TAG = 'tag:yaml.org,2002:seq';

/**
 * Lists with fewer simple ids go through the `yaml` parse as usual. At 64 the fast path already
 * pays: a file of 1,000 documents of 100 ids and 40 lines of settings opened in 0.9 s rather than
 * 1.9 s, and an edit in one of them was parsed in 1.8 ms rather than 3.8 ms (the list is read
 * either way; the stand-in spares the `yaml` parse its ids).
 */
export const MIN_FAST_IDS = 64;

/**
 * The same for a parse that reads documents for their values first (FileParseOptions.valuesFirst):
 * a shorter list is read as values with the rest of its document (readPlainValues in
 * fastDocuments.ts), where a list the fast path reads keeps its document's nodes. Measured with the
 * documents' nodes made and let go of at once: `scan-targets validate` on 100,000 ids in documents
 * of 100 (each with 28 lines of settings) 0.46 -> 0.37 s; of 150, 0.40 -> 0.36 s; of 200 the same
 * either way; of 300, 0.29 s with the fast path and 0.31 s without.
 */
export const MIN_FAST_IDS_VALUES_FIRST = 200;

/** What {@link readIds} found: the stand-in text and how to put the ids back. */
export interface FastIdsStandIn {
  /** The source with each long run of ids shortened to its first item and a comment. */
  readonly text: string;
  /**
   * Turns an offset of the parse of {@link text} (made with `parser.offset = start`) into the
   * source's: offsets after a run move by what the stand-in shortened it.
   */
  readonly toFile: (offset: number) => number;
  /**
   * Puts the id nodes into the documents parsed from {@link text}, their offsets already moved
   * with {@link toFile}.
   * Returns false, leaving the documents unusable, when they are not exactly as expected: the
   * caller must then parse the original source.
   */
  restore(documents: readonly Document.Parsed[], start: number): boolean;
}

/**
 * What the fast path knows of an `ids` list it built: the items at these index spans of the list
 * are the ones it read, non-empty strings but for those `typed` lists. Checks of every item
 * (emptiness, type) can skip them and look only at the others (indexesOutside); repeats are found
 * from `inSpans` and `repeatedInSpans`, kept up to date by the scan from one version to the next,
 * without a pass over the list.
 */
export interface KnownIds {
  /** `[first index, count]` of each span, in order. */
  readonly spans: readonly (readonly [number, number])[];
  /**
   * The indexes of the items of the spans the schema reads as a number or true/false (TYPED in
   * idsText.ts: ids pasted from a spreadsheet column), in order: not ids, and not counted among them
   * (valid until the next parse).
   */
  readonly typed: readonly number[];
  /** How many items of the spans hold `value`. */
  inSpans(value: string): number;
  /**
   * How many items of the spans hold one of `values`, a set that does not change afterwards, and
   * how many of them they hold: the first question about a set costs a lookup per value, the same
   * set asked about in a later version of the list nothing more.
   */
  holdingInSpans(values: ReadonlySet<string>): Holding;
  /** The ids more than one item of the spans holds. */
  repeatedInSpans(): Iterable<string>;
  /**
   * The list's repeated items as remembered for this version of it (see repeatedItems in
   * repeatedIds.ts), if any: right but for the items of the ids in `stale`. Only a list whose items
   * are all in one span is remembered.
   */
  rememberedRepeats(): { readonly items: readonly RepeatedItem[]; readonly stale: ReadonlySet<string> } | undefined;
  /** Remembers the list's repeated items, in list order, for the versions after this one to keep up to date. */
  rememberRepeats(items: RepeatedItem[]): void;
  /**
   * Whether an item of the spans may hold `${`, which opens a placeholder (`${env:NAME}`): where
   * none does, what looks for placeholders need not walk them.
   */
  mayHoldOpening(): boolean;
  /** How many different ids the items of the spans hold. */
  distinctInSpans(): number;
  /**
   * Where ids stood in the list when last looked for (the repeated ones, the ones a bulk update
   * rejected), kept from one version of the list to the next: a hint, checked before use (see
   * `indexesOfEach` in arrays.ts).
   */
  readonly lastFound: Map<string, readonly number[]>;
  /**
   * The same object for every version of the list while the scan is kept from one to the next:
   * what a check keeps of one version for the next (checked before use) is keyed by it.
   */
  readonly lineage: object;
}

/** The indexes of a list of `length` items that no span of `known` covers (the items the `yaml` parse built), in order. */
export function* indexesOfParsedItems(known: KnownIds, length: number): Generator<number> {
  let i = 0;
  for (const [from, count] of known.spans) {
    for (; i < from; i++) yield i;
    i = from + count;
  }
  for (; i < length; i++) yield i;
}

/**
 * The indexes of a list of `length` items that are not ids `known` vouches for, in order: those
 * outside its spans and its typed ones. (Checks that look for strings only need not walk the typed:
 * indexesOfParsedItems.)
 */
export function* indexesOutside(known: KnownIds, length: number): Generator<number> {
  const { typed } = known;
  let t = 0;
  for (const i of indexesOfParsedItems(known, length)) {
    while (t < typed.length && typed[t]! < i) yield typed[t++]!;
    yield i;
  }
  while (t < typed.length) yield typed[t++]!;
}

/** An `ids` list the fast path built: its items by index (see idsItems.ts), and what it knows of them. */
export interface FastList extends ListItems {
  /** What it knows of the ids. */
  readonly known: KnownIds;
  /** The items of the list that the `yaml` parse built; the others are made from the document's scan. */
  readonly parsedItems: readonly unknown[];
  /**
   * The list as plain JS given that of {@link parsedItems} (in order), with the ids of the runs
   * between them; where every item is a scalar without an anchor, the same array as
   * {@link scalarValues}. Without a node made for each id, which the `yaml` package's toJS would
   * make (valid until the next parse).
   */
  valuesWith(parsedValues: readonly unknown[]): readonly unknown[];
  /**
   * Each item's value where it is a scalar (an id, a number, an anchored id), undefined where not
   * (a mapping, a list, an alias), as a walk of the items would read them (valid until the next parse).
   */
  readonly scalarValues: readonly unknown[];
  /**
   * The range of item `i`'s node where it is an item of the spans (an id or a typed one), without
   * making the node (what a diagnostic on it needs: a keystroke after a bulk update places a
   * thousand); undefined for the other items (valid until the next parse).
   */
  valueRange(i: number): { start: number; end: number } | undefined;
}

/** A long `ids` list the fast path built, as `ParsedDocument.longIdsList` gives it to the rest of core. */
export interface LongIdsList {
  /** The document's `ids` entry (its value is the list, a YAMLSeq). */
  readonly pair: Pair<unknown, unknown>;
  /** Each item's value where it is a scalar, undefined where not (FastList.scalarValues). */
  readonly values: readonly unknown[];
  readonly known: KnownIds;
  /** The range of an item of the spans without making its node (FastList.valueRange). */
  valueRange(i: number): { start: number; end: number } | undefined;
}

const fastLists = new WeakMap<object, FastList>();

/** The fast path's record of an `ids` list (a YAMLSeq) it built in the last parse of its document. */
export function fastListOf(seq: unknown): FastList | undefined {
  return typeof seq === 'object' && seq !== null ? fastLists.get(seq) : undefined;
}

/**
 * Where a list the fast path built stands in its document: a top-level entry (its key and pair),
 * or the document itself (a bare list: no key).
 */
export interface FastEntry {
  readonly key: string | undefined;
  readonly pair: Pair<unknown, unknown> | undefined;
  /** The list, and the fast path's record of it. */
  readonly seq: YAMLSeq;
  readonly list: FastList;
  /** Puts `node` in the list's place (restore the list with `put(seq)`). */
  put(node: unknown): void;
}

/**
 * The list the fast path built in a document: the document itself, or a top-level entry's (the
 * `ids` list, or the list under a misspelled key) when the document has no other entry of the
 * same key (with two, the document's value may hold the other).
 */
export function fastEntryOf(document: Document.Parsed): FastEntry | undefined {
  const root = document.contents;
  const rootList = fastListOf(root);
  if (rootList !== undefined)
    return { key: undefined, pair: undefined, seq: root as YAMLSeq, list: rootList, put: (node) => (document.contents = node as typeof root) };
  if (!isMap(root)) return undefined;
  const pair = root.items.find((p) => fastListOf(p.value) !== undefined);
  if (pair === undefined || !isScalar(pair.key) || typeof pair.key.value !== 'string') return undefined;
  const key = pair.key.value;
  if (root.items.some((p) => p !== pair && isScalar(p.key) && p.key.value === key)) return undefined;
  return { key, pair, seq: pair.value as YAMLSeq, list: fastListOf(pair.value)!, put: (node) => ((pair as Pair<unknown, unknown>).value = node) };
}

/** The `ids` entry of a document and the fast path's record of its list, when the fast path built it. */
export function fastIdsOf(document: Document.Parsed): { pair: Pair<unknown, unknown>; list: FastList } | undefined {
  const entry = fastEntryOf(document);
  return entry?.key === 'ids' && entry.pair !== undefined ? { pair: entry.pair, list: entry.list } : undefined;
}

/** The `ids` list of `source`, read afresh or brought up to date from `previous` (in place). */
function scanList(
  source: Text,
  { keyStart, listStart, flow, inFlowMapping }: KeyLine,
  options: Options,
  base: number,
  previous: IdsScan | undefined,
  change: TextChange | undefined,
): IdsScan | undefined {
  // (A flow list under a key at column 0: its lines start with a space; in a flow mapping, with anything.)
  const minIndent = inFlowMapping === true ? 0 : 1;
  if (previous !== undefined && previous.options === options) {
    if (flow && previous.kind === 'flow' && previous.minIndent === minIndent && rescanFlowList(previous, source, listStart, base, change)) {
      fastIdsStats.listsReused++;
      return previous;
    }
    // (A block list's lines are read by where it starts only: its key may have changed, been typed or deleted.)
    if (!flow && previous.kind === 'block' && rescanBlockList(previous, source, base, change) && previous.listStart === listStart) {
      previous.keyStart = keyStart;
      fastIdsStats.listsReused++;
      return previous;
    }
  }
  return flow ? scanFlowList(source, listStart, options, base, minIndent) : scanBlockList(source, keyStart, listStart, options, base);
}

/**
 * Whether the list `keyLine` heads surely holds fewer than `count` items, by a search in the
 * engine's own code for as many item lines at its indentation (a block list) or commas (a flow
 * list) from where it starts: more than it holds, if anything, as what follows the list counts too.
 * A short list is parsed as any other (see MIN_FAST_IDS), and in a file of many small documents,
 * reading each one's list line by line to learn that cost a twentieth of the file's first read.
 */
function surelyShorter(source: Text, { listStart, flow }: KeyLine, count: number): boolean {
  if (flow) return occurrences(source, [','], listStart, count - 1) < count - 1;
  let p = listStart;
  while (source.charCodeAt(p) === 0x20) p++;
  const indent = source.slice(listStart, p);
  // (The first item, then each line after a `\n` or a lone `\r` that starts as an item at that indentation.)
  return 1 + occurrences(source, [`\n${indent}-`, `\r${indent}-`], listStart, count - 1) < count;
}

/** How many times the `needles` occur in `source` from `from` on, counted up to `enough`. */
function occurrences(source: Text, needles: readonly string[], from: number, enough: number): number {
  let found = 0;
  for (const needle of needles) {
    for (let i = found < enough ? source.indexOf(needle, from) : -1; i !== -1; i = found < enough ? source.indexOf(needle, i + 1) : -1) found++;
  }
  return found;
}

/** What the list's spans hold: the scan's counts, less the items it read that stay outside the spans. */
function knownIds(
  spans: (readonly [number, number])[],
  typed: readonly number[],
  counts: IdCounts,
  outside: ReadonlyMap<string, number>,
  whole: boolean,
): KnownIds {
  const inSpans = (value: string): number => counts.count(value) - (outside.get(value) ?? 0);
  // (The counts' indexes are those of the scan's items: the list's own where the scan's items are all of it.)
  const state = counts.state;
  return {
    rememberedRepeats: () => (whole ? counts.rememberedRepeats(state) : undefined),
    rememberRepeats(items) {
      if (whole) counts.rememberRepeats(state, items);
    },
    spans,
    typed,
    inSpans,
    holdingInSpans(values) {
      const total = counts.holding(values);
      for (const [value, n] of outside) {
        if (!values.has(value)) continue;
        total.items -= n;
        if (counts.count(value) === n) total.ids--; // held outside the spans only
      }
      return total;
    },
    *repeatedInSpans() {
      for (const value of counts.repeated()) if (inSpans(value) > 1) yield value;
    },
    // (Counted over every item the scan read, those outside the spans too.)
    mayHoldOpening: () => counts.holdsOpening,
    distinctInSpans() {
      let distinct = counts.distinct;
      for (const [value, n] of outside) if (counts.count(value) === n) distinct--; // held outside the spans only
      return distinct;
    },
    lastFound: counts.lastFound,
    lineage: counts,
  };
}

/** Where a top-level key of a list starts, where the list starts, and which kind of list it is. */
interface KeyLine {
  readonly keyStart: number;
  readonly listStart: number;
  readonly flow: boolean;
  /** The document's own list (a bare list: no key, `keyStart` is `listStart`). */
  readonly root?: boolean;
  /** The document is a flow mapping, the key one of its entries (JSON). */
  readonly inFlowMapping?: boolean;
}

/**
 * The key lines of the lists the fast path may read, in the order it tries them (a line whose list
 * does not start with an item is passed over when its list is read): the first `ids:` line that
 * heads a list, the document's first line (a bare list), then every other top-level key (a
 * misspelled key, `idx:`, `Ids:`, `targets:`, as a typo left in the file or a list pasted from
 * another tool). Those documents are invalid, but without this every keystroke in them costs the
 * full `yaml` parse of the list.
 */
function* keyLines(source: Text, ids: KeyLine | undefined): Generator<KeyLine> {
  if (ids !== undefined) yield ids;
  const root = rootListLine(source);
  if (root !== undefined) yield root;
  yield* otherKeyLines(source);
}

/**
 * The first content line of a document, after a byte order mark, directives, a `---` line,
 * comments and blank lines: where a bare block list starts (ids pasted before their key is typed,
 * or the lower half of a list once a `---` is typed in it).
 */
function rootListLine(source: Text): KeyLine | undefined {
  let marker = false;
  for (let at = source.charCodeAt(0) === 0xfeff ? 1 : 0; at < source.length; at = nextLine(source, at)) {
    const k = skipBlanks(source, at);
    if (k >= source.length) return undefined;
    const blankOrComment = onlyCommentFrom(source, k, true);
    const directive = !marker && source.charCodeAt(at) === 0x25; /* % */
    const startMarker: boolean =
      !marker && source.startsWith('---', at) && onlyCommentFrom(source, skipBlanks(source, at + 3), skipBlanks(source, at + 3) > at + 3);
    marker ||= startMarker;
    if (!blankOrComment && !directive && !startMarker) return { keyStart: at, listStart: at, flow: false, root: true };
  }
  return undefined;
}

/**
 * The first line of `source` that starts with `ids:` (or `"ids":`, `'ids':`, as some programs
 * write keys; after a byte order mark, if any) and heads a list ({@link listAfterKey}). In a
 * document that is a flow mapping (JSON: `{"ids": [...], ...}`, on one line or pretty-printed),
 * the key may also follow spaces, `{` or `,`; should it be a nested mapping's, the parse of the
 * stand-in does not give the list at the top level, and the text is parsed as it is. Found with
 * `indexOf`, which a text in chunks has (a regular expression needs the text as one string).
 */
function idsKeyLine(source: Text): KeyLine | undefined {
  let flowMapping: boolean | undefined; // whether the document is a flow mapping, when first asked
  for (let word = source.indexOf('ids'); word !== -1; word = source.indexOf('ids', word + 1)) {
    const quote = source.charCodeAt(word - 1);
    const quoted = (quote === 0x22 /* " */ || quote === 0x27) /* ' */ && source.charCodeAt(word + 3) === quote;
    const at = quoted ? word - 1 : word;
    const after = quoted ? word + 5 : word + 4;
    if (source.charCodeAt(after - 1) !== 0x3a /* : */) continue;
    const bom = at > 0 && source.charCodeAt(at - 1) === 0xfeff;
    flowMapping ??= isFlowMapping(source);
    if (!startsLine(source, bom ? at - 1 : at) && !(flowMapping && startsFlowEntry(source, at))) continue;
    const keyLine = listAfterKey(source, at, after, quoted);
    if (keyLine !== undefined) return flowMapping ? { ...keyLine, inFlowMapping: true } : keyLine;
  }
  return undefined;
}

/** Whether the document's content starts with `{` (after what {@link rootListLine} passes over). */
function isFlowMapping(source: Text): boolean {
  const line = rootListLine(source);
  return line !== undefined && source.charCodeAt(skipBlanks(source, line.listStart)) === 0x7b; /* { */
}

/** Whether only spaces and tabs stand between `at` and a line's start, a `{` or a `,` before it. */
function startsFlowEntry(source: Text, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && (source.charCodeAt(k) === 0x20 || source.charCodeAt(k) === 0x09)) k--;
  const c = source.charCodeAt(k);
  return k < 0 || c === 0x7b /* { */ || c === 0x2c /* , */ || c === 0x0a || c === 0x0d;
}

/**
 * The lines of `source` (after a byte order mark, if any) that start with a plain key other than
 * `ids` (a letter or `_`, then letters, digits, `_` and `-`) and a colon, and may head a list
 * ({@link listAfterKey}). Read from line start to line start, as they are asked for.
 */
function* otherKeyLines(source: Text): Generator<KeyLine> {
  for (let at = source.charCodeAt(0) === 0xfeff ? 1 : 0; at < source.length; at = nextLine(source, at)) {
    let end = at;
    for (let c = source.charCodeAt(end); isKeyChar(c, end === at); c = source.charCodeAt(++end));
    if (end === at || source.charCodeAt(end) !== 0x3a /* : */ || (end - at === 3 && source.startsWith('ids', at))) continue;
    const keyLine = listAfterKey(source, at, end + 1);
    if (keyLine !== undefined) yield keyLine;
  }
}

/** Whether `c` may stand in a plain key {@link otherKeyLines} reads (`first`: as its first character). */
function isKeyChar(c: number, first: boolean): boolean {
  const lower = c | 0x20;
  return (lower >= 0x61 && lower <= 0x7a) || c === 0x5f /* _ */ || (!first && ((c >= 0x30 && c <= 0x39) || c === 0x2d)); /* 0-9 - */
}

/**
 * The list a key (at `at`, its colon just before `after`) heads, if it may head one. A block list:
 * the key ends its line (an anchor, a tag, spaces, tabs and a comment may follow), and the list
 * starts at the first line below that is not blank or a comment (a note above the ids is common).
 * A flow list: spaces (an anchor, a tag) and `[` follow the key, where the list starts; after a
 * quoted key the `[` may follow the colon at once (`"ids":[`, as JSON is written); or the `[`
 * starts that first line below, indented (`ids:` then `  [a, b, …]`, as some write a long list).
 */
function listAfterKey(source: Text, at: number, after: number, quoted = false): KeyLine | undefined {
  let j = skipBlanks(source, after);
  // The list's anchor and tag (`ids: &all !!seq`): the parse of the stand-in reads them.
  while (j > after && (source.charAt(j) === '&' || source.charAt(j) === '!')) {
    let k = j + 1;
    while (k < source.length && source.charCodeAt(k) > 0x20) k++;
    j = skipBlanks(source, k);
  }
  if ((j > after || quoted) && source.charCodeAt(j) === 0x5b /* [ */) return { keyStart: at, listStart: j, flow: true };
  if (!onlyCommentFrom(source, j, j > after)) return undefined;
  let line = nextLine(source, j);
  let content = line; // where the line's text starts, after its indentation
  for (;;) {
    content = line;
    while (source.charCodeAt(content) === 0x20) content++;
    if (content >= source.length || !onlyCommentFrom(source, content, true)) break;
    line = nextLine(source, content);
  }
  if (content > line && source.charCodeAt(content) === 0x5b /* [ */) return { keyStart: at, listStart: content, flow: true };
  return { keyStart: at, listStart: line, flow: false };
}

/** Whether nothing follows `pos` on its line but a comment (`#`, which needs a space before it: `spaced`). */
function onlyCommentFrom(source: Text, pos: number, spaced: boolean): boolean {
  return pos >= source.length || eolAt(source, pos) > 0 || (spaced && source.charAt(pos) === '#');
}

/** What {@link readIds} found in a document's text. */
export interface ReadIds {
  /** The `ids` list read, to hand to the next version's {@link readIds}. */
  readonly scan: IdsScan | undefined;
  /** The stand-in to parse, when the list is long and simple enough. */
  readonly standIn: FastIdsStandIn | undefined;
}

/**
 * Reads the `ids` list of `source` (a document's text, at file offset `base`; or the list of
 * another key, see {@link keyLines}) and makes its stand-in. With `previous` (the scan this
 * returned for the last version of the same document), only what the change touched is read
 * again, and `previous` is taken over.
 * @param options the parse options (the schema decides which plain scalars are strings).
 * @param change the file's change since `previous`, when known (else the texts are compared).
 */
export function readIds(source: Text, options: Options, previous?: IdsScan, base = 0, change?: TextChange, minIds = MIN_FAST_IDS): ReadIds {
  const none: ReadIds = { scan: undefined, standIn: undefined };
  if (options.schema !== undefined && options.schema !== 'core') return none;
  if (options.version !== undefined && options.version !== '1.2') return none;
  if (options.customTags !== undefined || options.compat !== undefined) return none;
  // The lists of the key lines in turn, until one is long enough: a block list below its key
  // line, or a flow list on it. (`previous` serves the one it was read from.)
  let first: IdsScan | undefined;
  /** Whether a list too short for the fast path was passed over unread. */
  let passedOver = false;
  const idsKey = previous?.noIdsKey === true && change !== undefined && !mayHaveTypedIdsKey(source, base, previous, change) ? undefined : idsKeyLine(source);
  const noting = (read: ReadIds): ReadIds => {
    if (read.scan !== undefined) read.scan.noIdsKey = idsKey === undefined;
    return read;
  };
  for (const keyLine of keyLines(source, idsKey)) {
    if (previous === undefined && surelyShorter(source, keyLine, minIds)) {
      passedOver = true;
      continue;
    }
    const scan = scanList(source, keyLine, options, base, previous, change);
    if (scan === undefined) continue;
    first ??= scan;
    const { runs, outside } =
      scan.kind === 'flow' ? { runs: [flowRun(scan)].filter((r) => r !== undefined), outside: new Map<string, number>() } : blockRuns(scan);
    if (runs.reduce((sum, run) => sum + run.count, 0) >= minIds) return noting({ scan, standIn: standIn(source, scan, runs, outside, keyLine, base) });
  }
  // No key heads the last version's list now (its key being typed: `i`, `id`, `ids`): it is kept
  // up to date all the same, for the key to find when it is typed, rather than read afresh then.
  if (first === undefined && !passedOver && previous?.kind === 'block' && previous.options === options && rescanBlockList(previous, source, base, change)) {
    return noting({ scan: previous, standIn: undefined });
  }
  // A short list is read afresh next time rather than kept: its scan (its values, their counts, its
  // lines) took more memory than its document's `yaml` nodes, in a file of many small documents.
  return noting({ scan: first !== undefined && first.values.length >= minIds ? first : undefined, standIn: undefined });
}

/**
 * Whether the edit from the text `previous` was read in to `source` may have made an `ids:` line
 * that heads a list ({@link idsKeyLine}), where that text had none: only if a line it touched
 * holds `ids`, since whether a line is one depends on that line alone, or if it touched the
 * document's first line (which tells whether the document is a flow mapping). Spares a search of
 * the whole text on every keystroke in a document whose list has no `ids` key (a bare list, a
 * misspelled key): 0.6 ms on 100,000 ids, and more the longer the file.
 */
function mayHaveTypedIdsKey(source: Text, base: number, previous: IdsScan, change: TextChange): boolean {
  const { prefix, suffix } = commonEndsOf(previous.source, previous.base, source, base, change);
  let from = prefix;
  while (!startsLine(source, from)) from--;
  const to = nextLine(source, Math.max(from, source.length - suffix));
  const first = rootListLine(source);
  return first === undefined || from <= nextLine(source, first.keyStart) || source.slice(from, to).includes('ids');
}

/** The stand-in of `source` for the list `scan` read, whose simple items make `runs`. */
function standIn(
  source: Text,
  scan: IdsScan,
  runs: readonly IdsRun[],
  outside: ReadonlyMap<string, number>,
  { keyStart, flow, root }: KeyLine,
  base: number,
): FastIdsStandIn {
  const parts: string[] = [];
  // Where each run's stand-in ends in the stand-in text, and how much shorter the text is from there on.
  const standInEnds: number[] = [];
  const shortenedBy: number[] = [0];
  let copied = 0;
  let shortened = 0;
  for (const run of runs) {
    parts.push(source.slice(copied, run.start), run.standIn);
    standInEnds.push(run.start - shortened + run.standIn.length);
    shortened += run.end - run.start - run.standIn.length;
    shortenedBy.push(shortened);
    copied = run.end;
  }
  parts.push(source.slice(copied));
  const text = parts.join('');

  return {
    text,
    // shortenedBy has one more entry than standInEnds: upperBound's answer always indexes it.
    toFile: (offset) => offset + shortenedBy[upperBound(standInEnds, offset - base)]!,
    restore(documents, start) {
      const ok = restore(documents, start);
      if (ok) fastIdsStats.restored++;
      else fastIdsStats.rejected++;
      return ok;
    },
  };

  function restore(documents: readonly Document.Parsed[], start: number): boolean {
    const keyAt = start + keyStart;
    const doc = documents.find((d) => d.range[0] <= keyAt && keyAt < d.range[2]);
    if (doc === undefined || [...doc.errors, ...doc.warnings].some((e) => insideRun(e, start))) return false;
    const seq = root === true ? doc.contents : listOfKey(doc.contents, keyAt);
    // An anchor on the list stays as the parse read it; a tag other than the default may make it another kind of collection.
    if (!isSeq(seq) || Boolean(seq.flow) !== flow || (seq.tag !== undefined && seq.tag !== SEQ_TAG) || !seq.range) return false;
    const { values } = scan;

    if (scan.kind === 'flow') {
      const run = runs[0];
      const first = seq.items[0];
      if (run === undefined || seq.items.length !== 1 || !isSimpleStandIn(first, run, start, scan.options) || seq.range[0] !== start + scan.open) return false;
      const items = lazyItems(
        seq,
        values.length,
        (i) => flowItemNode(scan, i),
        () => scan.base,
      );
      // The scan's values as they are, but where typed items stand among them (resolved, in place).
      const typed = scan.typedItems.length > 0;
      if (!typed) scan.mixed = undefined;
      const scalars = typed ? fillValues(scan, [{ run, parsed: first }], 'scalars', []) : values;
      fastLists.set(seq, {
        known: knownIds([[0, values.length]], scan.typedItems, scan.counts, outside, !typed),
        parsedItems: [],
        valuesWith: () => scalars,
        scalarValues: scalars,
        valueRange: (i) => (i >= 0 && i < values.length ? flowItemRange(scan, i) : undefined),
        ...items,
      });
      return true;
    }

    // The list's items in pieces: a run's ids, or items of the text as it is (the parser's).
    const pieces: Piece[] = [];
    const parsedItems: unknown[] = [];
    let r = 0;
    for (const item of seq.items) {
      const run = runs[r];
      if (run === undefined || !isNode(item) || item.range?.[0] !== start + run.first.valueStart) {
        const last = pieces[pieces.length - 1];
        if (Array.isArray(last)) last.push(item);
        else pieces.push([item]);
        parsedItems.push(item);
        continue;
      }
      if (!isSimpleStandIn(item, run, start, scan.options) || item.comment !== PADDING || item.range[2] !== start + run.end) return false;
      pieces.push({ run, parsed: item });
      r++;
    }
    if (r !== runs.length) return false;

    const plain = parsedItems.every((n) => isScalar(n) && n.anchor === undefined);
    // (The scan's values are the list's as they are: no typed item's text to resolve.)
    const whole = pieces.length === 1 && runs[0]?.count === values.length && scan.typedItems.length === 0;
    if (whole) scan.mixed = undefined;
    const scalarsOf = (): unknown[] =>
      fillValues(
        scan,
        pieces,
        'scalars',
        parsedItems.map((item) => (isScalar(item) ? item.value : undefined)),
      );
    const itemValues = !plain ? undefined : whole ? values : scalarsOf();
    const spans: Array<[number, number]> = [];
    const pieceStarts: number[] = [];
    let at = 0;
    for (const piece of pieces) {
      pieceStarts.push(at);
      if (!Array.isArray(piece)) spans.push([at, piece.run.count]);
      at += Array.isArray(piece) ? piece.length : piece.run.count;
    }
    const items = lazyItems(
      seq,
      at,
      (i) => pieceItem(scan, pieces, pieceStarts, i),
      () => scan.base,
    );
    let scalarValues: readonly unknown[] | undefined = itemValues;
    fastLists.set(seq, {
      known: knownIds(spans, typedIndexes(scan, pieces, pieceStarts), scan.counts, outside, whole),
      parsedItems,
      valuesWith: (parsedValues) => itemValues ?? fillValues(scan, pieces, 'js', parsedValues),
      get scalarValues() {
        return (scalarValues ??= scalarsOf());
      },
      valueRange: (i) => pieceItemRange(scan, pieces, pieceStarts, i),
      ...items,
    });
    return true;
  }

  function insideRun(e: YAMLError, start: number): boolean {
    return runs.some((run) => e.pos[1] > start + run.start && e.pos[0] < start + run.end);
  }
}

/** The list of the top-level entry whose key starts at `keyAt`, where the document is a mapping. */
function listOfKey(contents: unknown, keyAt: number): unknown {
  if (!isMap(contents) || contents.tag !== undefined || contents.anchor !== undefined) return undefined;
  const pair = contents.items.find((p) => isScalar(p.key) && p.key.range?.[0] === keyAt);
  return pair !== undefined && isScalar(pair.key) && typeof pair.key.value === 'string' ? pair.value : undefined;
}

/** A stretch of a block list's items: a run's ids (the scan's), or items of the `yaml` parse. */
type Piece = { run: IdsRun; parsed: Scalar } | unknown[];

/**
 * Item `i` of a block list in pieces: an item of the `yaml` parse, or the node of a run's id. A
 * run's first id has the comment and blank-line marks the parse gave its stand-in (the item the
 * parse read there); the others those of their lines.
 */
function pieceItem(scan: ListScan, pieces: readonly Piece[], pieceStarts: readonly number[], i: number): unknown {
  const p = upperBound(pieceStarts, i) - 1;
  const piece = pieces[p]!;
  const offset = i - pieceStarts[p]!;
  if (Array.isArray(piece)) return piece[offset];
  const line = lineOfItem(scan, piece.run.firstItem + offset);
  return offset === 0 ? blockItemNode(scan, line, piece.parsed) : blockItemNode(scan, line);
}

/** The range of item `i` of a block list in pieces where it is a run's id, without making its node (see pieceItem). */
function pieceItemRange(scan: ListScan, pieces: readonly Piece[], pieceStarts: readonly number[], i: number): { start: number; end: number } | undefined {
  if (!Number.isInteger(i) || i < 0) return undefined;
  const p = upperBound(pieceStarts, i) - 1;
  const piece = pieces[p];
  const offset = i - pieceStarts[p]!;
  if (piece === undefined || Array.isArray(piece) || offset >= piece.run.count) return undefined;
  return blockItemRange(scan, lineOfItem(scan, piece.run.firstItem + offset));
}

/**
 * The list indexes of the runs' typed items, in order: the scan's own list where one run is the
 * whole list (a file of numbers: no pass over them), else those of each run moved to where it stands.
 */
function typedIndexes(scan: ListScan, pieces: readonly Piece[], pieceStarts: readonly number[]): readonly number[] {
  const { typedItems } = scan;
  const only = pieces.length === 1 ? pieces[0] : undefined;
  if (typedItems.length === 0 || (only !== undefined && !Array.isArray(only) && only.run.count === scan.values.length)) return typedItems;
  const out: number[] = [];
  pieces.forEach((piece, p) => {
    if (Array.isArray(piece)) return;
    const { firstItem, count } = piece.run;
    const end = upperBound(typedItems, firstItem + count - 1);
    for (let t = upperBound(typedItems, firstItem - 1); t < end; t++) out.push(pieceStarts[p]! + typedItems[t]! - firstItem);
  });
  return out;
}

/**
 * The values of a list in pieces (a flow list's: one run): a run's ids (the scan's `values`, a
 * typed item's resolved), then `parsedValues` in order for the parse's items. They are filled into
 * an array the scan keeps for each `kind` of values, in place: making a new one of 100,000 entries
 * on every keystroke costs fresh memory each time, and a major collection soon. The runs'
 * stretches are written only when the pieces lie otherwise or the scan's values changed since the
 * last fill (typing in an item the parse reads, an unclosed quote, changes neither); after one edit
 * that left every item in its place, only the items it changed (a typed item's value is resolved
 * each time it is written: 100,000 numbers took 10 ms).
 */
function fillValues(scan: ScannedList, pieces: readonly Piece[], kind: keyof MixedValues, parsedValues: readonly unknown[]): unknown[] {
  const layout = pieces.map((piece) => (Array.isArray(piece) ? piece.length : `${piece.run.firstItem}+${piece.run.count}`)).join();
  const last = scan.mixed?.[kind];
  const sameLayout = last !== undefined && last.layout === layout;
  const runsHold = sameLayout && last.valueEdits === scan.valueEdits;
  // One edit since, which left every item in its place (a keystroke in an id): its items only.
  const edited = sameLayout && last.valueEdits === scan.valueEdits - 1 && scan.lastValueEdit?.edit === scan.valueEdits ? scan.lastValueEdit : undefined;
  const target = last?.values ?? [];
  let at = 0;
  let parsed = 0;
  for (const piece of pieces) {
    if (Array.isArray(piece)) {
      for (let k = 0; k < piece.length; k++) target[at++] = parsedValues[parsed++];
    } else if (runsHold) {
      at += piece.run.count;
    } else if (edited !== undefined) {
      const { firstItem, count } = piece.run;
      const to = Math.min(firstItem + count, edited.at + edited.count);
      for (let i = Math.max(firstItem, edited.at); i < to; i++) target[at + i - firstItem] = jsValueOf(scan.values[i]!, scan.options);
      at += count;
    } else {
      const { firstItem, count } = piece.run;
      for (let i = firstItem; i < firstItem + count; i++) target[at++] = jsValueOf(scan.values[i]!, scan.options);
    }
  }
  target.length = at;
  (scan.mixed ??= {})[kind] = { values: target, layout, valueEdits: scan.valueEdits };
  return target;
}

/** Whether the parsed stand-in item is the run's first item, as written. */
function isSimpleStandIn(item: unknown, run: IdsRun, start: number, options: Options): item is Scalar & { range: [number, number, number] } {
  const first = run.first;
  return (
    isScalar(item) &&
    item.value === jsValueOf(first.value, options) &&
    item.type === first.type &&
    item.tag === undefined &&
    item.anchor === undefined &&
    item.range?.[0] === start + first.valueStart &&
    item.range[1] === start + first.valueEnd
  );
}
