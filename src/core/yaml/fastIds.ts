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
// on adversarial files, random files and random edits. (idsText.ts reads the scalars, idsLists.ts
// keeps the lines and items of a list from one version to the next.)

import { Scalar, isMap, isNode, isScalar, isSeq, type Document, type YAMLError } from 'yaml';
import { rescanBlockList, scanBlockList, scanFlowList, type FlowItem, type FlowScan, type ListLine, type ListScan } from './idsLists';
import { fastIdsControl, type IdCounts, type Options, type ScalarType } from './idsText';

export { fastIdsControl } from './idsText';

/** Lists with fewer simple ids go through the `yaml` parse as usual (the fast path only pays off on long lists). */
export const MIN_FAST_IDS = 256;

/** Shorter runs of simple lines stay in the stand-in as they are. */
const MIN_RUN = 32;

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
  readonly block?: { readonly scan: ListScan; readonly from: number; readonly to: number };
  /** A flow list: its items; the stand-in closes the list after the first one. */
  readonly flow?: FlowScan;
}

/**
 * The runs of a block list: maximal stretches from an item line to an item line, over simple items
 * and the comment and blank lines between them, all with one kind of line break; and the ids of
 * the item lines in no run (few: an item being typed, the lines after an unclosed quote...).
 */
function blockRuns(scan: ListScan): { runs: IdsRun[]; outside: Map<string, number> } {
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
  return { runs, outside };
}

/** Cuts a run into the stand-in: the first item (as written), a comment of spaces to the run's end. */
function blockRun(scan: ListScan, from: number, to: number, count: number): IdsRun | undefined {
  const first = scan.lines[from];
  const last = scan.lines[to];
  if (first.kind !== 'item' || last.kind !== 'item') return undefined;
  const start = scan.starts[from];
  const end = scan.starts[to] + last.length;
  const padded = padTo(`${scan.indent}- ${scan.source.slice(start + first.from, start + first.to)} #`, end - start, EOL[first.eol]);
  if (padded === undefined) return undefined;
  return {
    start,
    end,
    ...padded,
    count,
    first: { value: first.value, type: first.type, valueStart: start + first.from, valueEnd: start + first.to },
    block: { scan, from, to },
  };
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
  const padded = padTo(`${source.slice(open, first.valueEnd)}] #`, scan.lineEnd - open, '');
  if (padded === undefined) return undefined;
  return { start: open, end: scan.lineEnd, ...padded, count: items.length, first, flow: scan };
}

/**
 * A stand-in of exactly `length` characters: `head` (ending in `#`), a comment of spaces, `tail`.
 * Undefined when the comment would be empty (yaml reads an empty comment as one space).
 */
function padTo(head: string, length: number, tail: string): { padding: string; standIn: string } | undefined {
  const paddingLength = length - head.length - tail.length;
  if (paddingLength < 1) return undefined;
  const padding = ' '.repeat(paddingLength);
  return { padding, standIn: head + padding + tail };
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
  return scan === undefined ? undefined : { ...blockRuns(scan), counts: scan.counts };
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
  if (line.node === undefined) {
    line.node = newNode(line.value, line.type, [base + line.from, base + line.to, base + line.length]);
    if (line.comment !== undefined) line.node.comment = line.comment;
  }
  return moveTo(line.node, base + line.from);
}

/** The node of a flow item whose scalar starts at file offset `base`: kept from the last version (moved), or new. */
function flowNode(item: FlowItem, base: number): Scalar {
  item.node ??= newNode(item.value, item.type, [base, base + item.length, base + item.sep]);
  return moveTo(item.node, base);
}

/** Moves a node's range, in place, so that it starts at `start` (the node says where it is now). */
function moveTo(node: Scalar, start: number): Scalar {
  const range = node.range!;
  const delta = start - range[0];
  if (delta !== 0) {
    range[0] += delta;
    range[1] += delta;
    range[2] += delta;
  }
  return node;
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
