// Where the stand-in text cuts a long `ids` list (see fastIds.ts): the runs of simple item lines
// (or the flow list's items), each to be replaced by its first item and a comment, and the item
// lines left outside any run.

import { eolOf, isItem, itemLine, type Line, type ListLine, type ListScan } from './idsBlock';
import type { FlowScan } from './idsFlow';
import { isTyped, scalarEnd, scalarTypeAt, type ScalarType } from './idsText';

/** Shorter runs of simple lines stay in the stand-in as they are. */
const MIN_RUN = 32;

/** The comment the stand-in puts after a run's first item, as `yaml` reads it (from `# `). */
export const PADDING = ' ';

/** A run of simple ids, replaced in the stand-in by its first item and a comment. */
export interface IdsRun {
  /** Start of the text the stand-in replaces, and its end (exclusive). */
  readonly start: number;
  readonly end: number;
  /** The stand-in text for [start, end). */
  readonly standIn: string;
  /** The run's ids: `scan.values[firstItem, firstItem + count)`. */
  readonly firstItem: number;
  readonly count: number;
  /** The value, type and scalar offsets of the first item (the one the stand-in keeps). */
  readonly first: { readonly value: string; readonly type: ScalarType; readonly valueStart: number; readonly valueEnd: number };
}

/**
 * The runs of a block list: maximal stretches from an item line to an item line, over simple items
 * and the comment and blank lines between them, whatever line break each has; and the ids of
 * the item lines in no run (few: an item being typed, the lines after an unclosed quote...).
 * Found from one line the fast path does not read to the next (see ListScan.nonItems): between two
 * such lines every item line continues a run.
 */
export function blockRuns(scan: ListScan): { runs: IdsRun[]; outside: Map<string, number> } {
  const { lines, nonItems } = scan;
  const runs: IdsRun[] = [];
  const bounds: Array<[number, number]> = []; // the line indexes of each run
  /** The open run: its first and last item lines, the index of its first item, its item count. */
  let from = -1;
  let last = -1;
  let firstItem = 0;
  let count = 0;
  /** Whether the last line that was not a comment or blank line was an item of the list. */
  let afterItem = true;
  const close = (nextIsSafe: boolean): void => {
    // The line after a run's last item (past comments and blank lines) must not be able to
    // continue its scalar: an item of the list, or the end of the list.
    if (!nextIsSafe && from !== -1) {
      count--;
      last = itemLineBefore(lines, last - 1, from);
    }
    if (from !== -1 && count >= MIN_RUN) {
      const run = blockRun(scan, from, last, firstItem, count);
      if (run !== undefined) {
        runs.push(run);
        bounds.push([from, last]);
      }
    }
    from = -1;
    count = 0;
  };
  /** Lines [a, b): items, comments and blank lines, with one kind of line break; `items` item lines before a. */
  const stretch = (a: number, b: number, items: number, itemsAtEnd: number): void => {
    const inStretch = itemsAtEnd - items;
    if (inStretch === 0) return;
    if (from !== -1) {
      count += inStretch;
    } else {
      // After a line the fast path does not read, its first item line is left to the parser.
      const skip = afterItem ? 0 : 1;
      if (inStretch > skip) {
        from = itemLineAfter(lines, a);
        if (skip === 1) from = itemLineAfter(lines, from + 1);
        firstItem = items + skip;
        count = inStretch - skip;
      }
    }
    if (from !== -1) last = itemLineBefore(lines, b - 1, from);
    afterItem = true;
  };
  let a = 0;
  let itemsAtA = 0;
  let poisoned = false;
  for (let t = 0; t < nonItems.length && !poisoned; t++) {
    const n = nonItems[t]!;
    const line = lines[n] as ListLine;
    // Comment and blank lines stand between the items of a run.
    if (line.kind !== 'other') continue;
    const itemsBefore = n - t;
    stretch(a, n, itemsAtA, itemsBefore);
    close(line.isItem);
    afterItem = line.isItem;
    if (line.openQuote && !endsOnItsLine(scan, n)) poisoned = true;
    a = n + 1;
    itemsAtA = itemsBefore;
  }
  if (!poisoned) {
    stretch(a, lines.length, itemsAtA, scan.values.length);
    close(scan.ending !== 'other');
  }
  // The item lines in no run.
  const outside = new Map<string, number>();
  let m = 0;
  const addOutside = (to: number): void => {
    for (; m < to; m++) {
      const line = lines[m]!;
      // (Typed items are not ids: the counts leave them out too.)
      if (isItem(line) && !isTyped(line)) outside.set(line, (outside.get(line) ?? 0) + 1);
    }
  };
  for (const [runFrom, runTo] of bounds) {
    addOutside(runFrom);
    m = runTo + 1;
  }
  addOutside(lines.length);
  return { runs, outside };
}

/**
 * Whether the quoted scalar a line opens certainly ends on that line (else it may run on over the
 * lines after it, which are then left to the parser). The `yaml` lexer ends an open quote at the
 * first line after it that is not blank and not indented deeper than the item; but when no closing
 * quote follows anywhere in the text, the scalar runs to its end. So: an item's value that opens a
 * quote, with the same quote somewhere after the line. (Should that quote be inside a run, the
 * stand-in does not have it, and its parse does not come out as expected: the text is then parsed
 * as it is.)
 */
function endsOnItsLine(scan: ListScan, n: number): boolean {
  const line = scan.lines[n] as ListLine;
  return line.quote !== 0 && scan.source.indexOf(String.fromCharCode(line.quote), scan.starts[n]! + line.length) !== -1;
}

/** The first item line at or after line `n` (there is one: runs start and end on items). */
function itemLineAfter(lines: readonly Line[], n: number): number {
  while (!isItem(lines[n]!)) n++;
  return n;
}

/** The last item line at or before line `n`, not before `floor` (else `floor - 1`). */
function itemLineBefore(lines: readonly Line[], n: number, floor: number): number {
  while (n >= floor && !isItem(lines[n]!)) n--;
  return n;
}

/** Cuts a run into the stand-in: the first item's line as written, then a comment, ending as the run's last line does. */
function blockRun(scan: ListScan, from: number, to: number, firstItem: number, count: number): IdsRun | undefined {
  const first = scan.lines[from];
  const last = scan.lines[to];
  if (first === undefined || last === undefined || !isItem(first) || !isItem(last)) return undefined;
  const { value, type, valueStart, valueEnd } = itemLine(scan, from);
  return {
    start: scan.starts[from]!,
    end: itemLine(scan, to).lineEnd,
    standIn: `${scan.source.slice(scan.starts[from], valueEnd)} #${PADDING}${EOL[eolOf(scan, to)]}`,
    firstItem,
    count,
    first: { value, type, valueStart, valueEnd },
  };
}

const EOL = ['', '\n', '\r\n'];

/**
 * The run of a flow list: the stand-in keeps the first item and closes the list after it, where
 * the real `]` ends (what follows it is the text as it is).
 */
export function flowRun(scan: FlowScan): IdsRun | undefined {
  const { source, open, values, starts } = scan;
  if (values.length < MIN_RUN) return undefined;
  const [value] = values;
  const [valueStart] = starts;
  if (value === undefined || valueStart === undefined) return undefined;
  const type = scalarTypeAt(source, valueStart);
  const first = { value, type, valueStart, valueEnd: scalarEnd(valueStart, value, type) };
  return { start: open, end: scan.close + 1, standIn: `${source.slice(open, first.valueEnd)}]`, firstItem: 0, count: values.length, first };
}
