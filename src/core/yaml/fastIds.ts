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
// - a flow list on the `ids:` line: `ids: [a, "b", 'c']`.
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

/** Switch and counters, for the differential test (which parses with the fast path on and off). */
export const fastIdsControl = { enabled: true, restored: 0, rejected: 0, listsReused: 0 };

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

/** One id as the full parse would make it. Offsets are in the slice text. */
interface IdItem {
  readonly value: string;
  readonly type: ScalarType;
  /** Where the scalar starts (its quote, if quoted) and ends (after its closing quote). */
  readonly valueStart: number;
  readonly valueEnd: number;
  /** The node's end: after the line break in a block list, the separator in a flow list. */
  readonly nodeEnd: number;
  readonly comment?: string;
  readonly commentBefore?: string;
  readonly spaceBefore?: boolean;
}

/** A run of simple ids, replaced in the stand-in by its first item and a padding comment. */
interface IdsRun {
  readonly items: readonly IdItem[];
  /** Start of the text the stand-in replaces, and its end (exclusive). */
  readonly start: number;
  readonly end: number;
  /** Where the run's padding starts and ends in the stand-in (the comment yaml reads there). */
  readonly padding: string;
  /** The stand-in text for [start, end). */
  readonly standIn: string;
  /** A flow list: the stand-in closes the list after its first item (the list's own range is put back). */
  readonly flow?: { readonly open: number; readonly close: number };
  /** The id nodes built for this run at a slice offset (see restore), for the next version to reuse. */
  nodes?: { readonly start: number; readonly items: readonly Scalar[] };
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

/** After a scalar: spaces, then an optional `# comment`, then a line break. */
function lineRest(source: string, pos: number): { comment?: string; eolStart: number; eol: number } | undefined {
  let j = pos;
  while (source.charCodeAt(j) === 0x20) j++;
  if (source.charCodeAt(j) === 0x23 /* # */) {
    if (j === pos) return undefined; // a comment needs a space before it
    let k = j + 1;
    while (k < source.length && source.charCodeAt(k) !== 0x0a && source.charCodeAt(k) !== 0x0d) k++;
    const eol = eolAt(source, k);
    return eol === 0 ? undefined : { comment: source.slice(j + 1, k) || ' ', eolStart: k, eol };
  }
  const eol = eolAt(source, j);
  return eol === 0 ? undefined : { eolStart: j, eol };
}

/** How a line of the list reads. */
type Line =
  | { readonly kind: 'item'; readonly item: Omit<IdItem, 'commentBefore' | 'spaceBefore'>; readonly eol: number; readonly end: number }
  | { readonly kind: 'comment'; readonly text: string; readonly eol: number; readonly end: number }
  | { readonly kind: 'blank'; readonly eol: number; readonly end: number }
  | { readonly kind: 'other'; readonly end: number; readonly isItem: boolean; readonly openQuote: boolean };

function readLine(source: string, pos: number, indent: string, tests: readonly RegExp[]): Line {
  let j = pos;
  while (source.charCodeAt(j) === 0x20) j++;
  const c = source.charCodeAt(j);
  const eol = eolAt(source, j);
  if (eol > 0) return { kind: 'blank', eol, end: j + eol };
  if (c === 0x23 /* # */) {
    let k = j + 1;
    while (k < source.length && source.charCodeAt(k) !== 0x0a && source.charCodeAt(k) !== 0x0d) k++;
    const lineEol = eolAt(source, k);
    // A comment line no deeper than the items goes to the next item; a deeper one to the item before.
    if (lineEol > 0 && j - pos <= indent.length) return { kind: 'comment', text: source.slice(j + 1, k) || ' ', eol: lineEol, end: k + lineEol };
    return { kind: 'other', end: k + lineEol, isItem: false, openQuote: false };
  }
  const isItem = isItemLine(source, pos, indent);
  if (isItem && source.charCodeAt(pos + indent.length + 1) === 0x20) {
    const valueStart = pos + indent.length + 2;
    const scalar = scalarAt(source, valueStart, tests, false);
    const rest = scalar && lineRest(source, scalar.end);
    if (scalar !== undefined && rest !== undefined) {
      const end = rest.eolStart + rest.eol;
      const item = { value: scalar.value, type: scalar.type, valueStart, valueEnd: scalar.end, nodeEnd: end, ...(rest.comment !== undefined && { comment: rest.comment }) };
      return { kind: 'item', item, eol: rest.eol, end };
    }
  }
  const nl = source.indexOf('\n', pos);
  const end = nl === -1 ? source.length : nl + 1;
  const line = source.slice(pos, end);
  return { kind: 'other', end, isItem, openQuote: line.includes('"') || line.includes("'") };
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

/**
 * The `commentBefore` and `spaceBefore` the composer gives an item after these comment and blank
 * lines (its resolveProps: a blank line before any comment marks `spaceBefore`; comments join with
 * the line breaks between them; a blank line after a comment adds its line break to it).
 */
function gapProps(gap: readonly Line[], source: string): { commentBefore?: string; spaceBefore?: boolean } {
  let comment = '';
  let separator = '';
  let spaceBefore = false;
  for (const line of gap) {
    const eol = line.kind === 'other' ? '' : source.slice(line.end - line.eol, line.end);
    if (line.kind === 'comment') {
      comment = comment === '' ? line.text : comment + separator + line.text;
      separator = eol;
    } else if (comment !== '') {
      comment += eol;
    } else {
      spaceBefore = true;
    }
  }
  return { ...(comment !== '' && { commentBefore: comment }), ...(spaceBefore && { spaceBefore: true }) };
}

/** Cuts a run's items into the stand-in: the first item (as written), a comment of spaces to the run's end. */
function blockRun(source: string, indent: string, items: readonly IdItem[], start: number, end: number, eol: number): IdsRun | undefined {
  const first = items[0];
  const head = `${indent}- ${source.slice(first.valueStart, first.valueEnd)} #`;
  const paddingLength = end - start - head.length - eol;
  if (paddingLength < 1) return undefined;
  const padding = ' '.repeat(paddingLength);
  return { items, start, end, padding, standIn: head + padding + (eol === 2 ? '\r\n' : '\n') };
}

/** The runs of a block list starting at `listStart` (the line after `ids:`). */
function scanBlockList(source: string, listStart: number, tests: readonly RegExp[]): IdsRun[] {
  // The list's indentation is that of its first line, which must be an item.
  let p = listStart;
  while (source.charCodeAt(p) === 0x20) p++;
  const indent = source.slice(listStart, p);
  if (!isItemLine(source, listStart, indent)) return [];

  const runs: IdsRun[] = [];
  let items: IdItem[] = [];
  let itemEnds: number[] = [];
  let gap: Line[] = [];
  let runStart = -1;
  let runEol = 0;
  /** Whether the last line that was not a comment or blank line was an item of the list. */
  let afterItem = true;
  let poisoned = false;
  const close = (nextIsSafe: boolean): void => {
    // The line after a run's last item (past comments and blank lines) must not be able to
    // continue its scalar: an item of the list, or the end of the list.
    if (!nextIsSafe) {
      items.pop();
      itemEnds.pop();
    }
    if (items.length >= MIN_RUN) {
      const run = blockRun(source, indent, items, runStart, itemEnds[itemEnds.length - 1], runEol);
      if (run !== undefined) runs.push(run);
    }
    items = [];
    itemEnds = [];
    runStart = -1;
  };
  let pos = listStart;
  let ending: ReturnType<typeof listEndAt>;
  for (;;) {
    ending = listEndAt(source, pos, indent);
    if (ending !== undefined) break;
    const line: Line = poisoned ? { kind: 'other', end: nextLine(source, pos), isItem: false, openQuote: false } : readLine(source, pos, indent, tests);
    if (line.kind === 'comment' || line.kind === 'blank') {
      if (runStart !== -1 && line.eol !== runEol) close(true);
      gap.push(line);
    } else if (line.kind === 'item') {
      // A change of line breaks ends a run (its lines share one); the next line is an item, so safe.
      if (runStart !== -1 && line.eol !== runEol) close(true);
      if (runStart === -1 && afterItem) {
        runStart = pos;
        runEol = line.eol;
        gap = []; // before the run: read by the parser from the stand-in, where these lines stay
      }
      if (runStart !== -1) {
        items.push({ ...line.item, ...gapProps(gap, source) });
        itemEnds.push(line.end);
      }
      gap = [];
      afterItem = true;
    } else {
      if (runStart !== -1) close(line.isItem);
      gap = [];
      afterItem = line.isItem;
      if (line.openQuote) poisoned = true;
    }
    pos = line.end;
  }
  if (runStart !== -1) close(ending !== 'other');
  return runs;
}

function nextLine(source: string, pos: number): number {
  const nl = source.indexOf('\n', pos);
  return nl === -1 ? source.length : nl + 1;
}

/** A flow list on the `ids:` line (`[` at `open`): its items, or undefined when it is not simple. */
function scanFlowList(source: string, open: number, tests: readonly RegExp[]): IdsRun | undefined {
  const items: IdItem[] = [];
  let pos = open + 1;
  for (;;) {
    while (source.charCodeAt(pos) === 0x20) pos++;
    const scalar = scalarAt(source, pos, tests, true);
    if (scalar === undefined) return undefined;
    let sep = scalar.end;
    while (source.charCodeAt(sep) === 0x20) sep++;
    const c = source.charCodeAt(sep);
    if (c !== 0x2c /* , */ && c !== 0x5d /* ] */) return undefined;
    items.push({ value: scalar.value, type: scalar.type, valueStart: pos, valueEnd: scalar.end, nodeEnd: sep });
    pos = sep + 1;
    if (c === 0x5d) break;
  }
  const close = pos - 1;
  let lineEnd = pos;
  while (source.charCodeAt(lineEnd) === 0x20) lineEnd++;
  if ((eolAt(source, lineEnd) === 0 && lineEnd < source.length) || items.length < MIN_RUN) return undefined;
  const first = items[0];
  const head = `${source.slice(open, first.valueEnd)}] #`;
  const paddingLength = lineEnd - open - head.length;
  if (paddingLength < 1) return undefined;
  const padding = ' '.repeat(paddingLength);
  return { items, start: open, end: lineEnd, padding, standIn: head + padding, flow: { open, close } };
}

/** The runs last scanned, with the text they were scanned from: typing elsewhere finds them again. */
let lastScan: { options: object; listStart: number; text: string; runs: readonly IdsRun[] } | undefined;

/** The runs of the list whose text starts at `listStart` (block) or whose `[` is there (flow). */
function scanList(source: string, listStart: number, flow: boolean, options: Options): readonly IdsRun[] {
  const end = flow ? nextLine(source, listStart) : listEnd(source, listStart);
  const known = lastScan;
  if (known !== undefined && known.options === options && known.listStart === listStart && known.text.length === end - listStart && source.startsWith(known.text, listStart)) {
    fastIdsControl.listsReused++;
    return known.runs;
  }
  const tests = nonStringTests(options);
  let runs: readonly IdsRun[];
  if (flow) {
    const run = scanFlowList(source, listStart, tests);
    runs = run === undefined ? [] : [run];
  } else {
    runs = scanBlockList(source, listStart, tests);
  }
  lastScan = { options, listStart, text: source.slice(listStart, end), runs };
  return runs;
}

/**
 * Where a block list's lines end: the first line at column 0 that is not part of it, plus that line
 * (a run at the end of the list depends on how the list ends).
 */
function listEnd(source: string, listStart: number): number {
  let p = listStart;
  while (source.charCodeAt(p) === 0x20) p++;
  const indent = source.slice(listStart, p);
  let pos = listStart;
  while (listEndAt(source, pos, indent) === undefined) pos = nextLine(source, pos);
  return pos >= source.length ? source.length : nextLine(source, pos);
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
  const runs = scanList(source, listStart, flow, options);
  if (runs.reduce((sum, run) => sum + run.items.length, 0) < minIds) return undefined;

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
      const item = seq.items[0];
      if (seq.items.length !== 1 || !isSimpleStandIn(item, run, start) || seq.comment !== run.padding || seq.range[0] !== start + run.flow!.open) return false;
      seq.items = nodesOf(run, start) as typeof seq.items;
      seq.range = [seq.range[0], start + run.flow!.close + 1, seq.range[2]];
      delete seq.comment;
      return true;
    }

    const items: unknown[] = [];
    let r = 0;
    for (const item of seq.items) {
      const run = runs[r];
      if (run === undefined || !isNode(item) || item.range?.[0] !== start + run.items[0].valueStart) {
        items.push(item); // an item of the text as it is
        continue;
      }
      if (!isSimpleStandIn(item, run, start) || item.comment !== run.padding || item.range[2] !== start + run.end) return false;
      const nodes = nodesOf(run, start);
      // The first item's comments and blank lines before it are the parser's, from the text as it is.
      const first = nodes[0];
      if (item.commentBefore !== undefined || item.spaceBefore !== undefined) {
        const copy = first.clone() as Scalar;
        if (item.commentBefore !== undefined) copy.commentBefore = item.commentBefore;
        if (item.spaceBefore !== undefined) copy.spaceBefore = item.spaceBefore;
        items.push(copy);
      } else {
        items.push(first);
      }
      for (let i = 1; i < nodes.length; i++) items.push(nodes[i]);
      r++;
    }
    if (r !== runs.length) return false;
    seq.items = items as typeof seq.items;
    return true;
  }

  function insideRun(e: YAMLError, start: number): boolean {
    return runs.some((run) => e.pos[1] > start + run.start && e.pos[0] < start + run.end);
  }
}

/** Whether the parsed stand-in item is the run's first item, as written. */
function isSimpleStandIn(item: unknown, run: IdsRun, start: number): item is Scalar & { range: [number, number, number] } {
  const first = run.items[0];
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

/** The run's nodes at slice offset `start`, built once per offset and shared by the versions that keep the run. */
function nodesOf(run: IdsRun, start: number): readonly Scalar[] {
  if (run.nodes?.start !== start) run.nodes = { start, items: idNodes(run, start) };
  return run.nodes.items;
}

/** The nodes the `yaml` parse would build for the ids of a run. */
function idNodes(run: IdsRun, start: number): Scalar[] {
  const nodes: Scalar[] = new Array(run.items.length);
  for (let i = 0; i < run.items.length; i++) {
    const item = run.items[i];
    const node = new Scalar(item.value);
    node.range = [start + item.valueStart, start + item.valueEnd, start + item.nodeEnd];
    node.source = item.value;
    node.type = item.type;
    if (item.spaceBefore) node.spaceBefore = true;
    if (item.commentBefore !== undefined) node.commentBefore = item.commentBefore;
    if (item.comment !== undefined) node.comment = item.comment;
    nodes[i] = node;
  }
  return nodes;
}
