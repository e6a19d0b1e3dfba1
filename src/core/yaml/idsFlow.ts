// A flow `ids` list (`ids: [a, "b", 'c']`, on one line or several) as the fast path reads it,
// kept from one version of a document to the next: its items' values and where each starts (an
// item's `yaml` node is made when a feature asks for it, flowItemNode). The next version reads
// again only the items an edit touched and splices them in, in place. Pure.

import { IdCounts, eolAt, nonStringTests, scalarAt, scalarEnd, scalarTypeAt, skipFlowSpace, upperBound, type Options, type ScalarType } from './idsText';
import { shiftFrom, spliceIn } from '../arrays';
import { IdNode, type ScannedList } from './idsNodes';
import { commonEndsOf, type TextChange } from './textChange';
import type { Text } from './text';

/** The items of a flow list, read from `source`. */
export interface FlowScan extends ScannedList {
  readonly kind: 'flow';
  /** Where `[` and `]` are, and where the line of `]` ends (before its line break). */
  open: number;
  close: number;
  lineEnd: number;
  /** Offset in `source` where each item's scalar starts (its node ends at the `,` or `]` after it). */
  readonly starts: number[];
}

/** Item `i`: its type, where its scalar starts and ends, and where the `,` or `]` after it is. */
function itemOffsets(scan: FlowScan, i: number): { type: ScalarType; start: number; end: number; separator: number } {
  const start = scan.starts[i]!;
  const type = scalarTypeAt(scan.source, start);
  const end = scalarEnd(start, scan.values[i]!, type);
  return { type, start, end, separator: skipFlowSpace(scan.source, end)! };
}

/** The node of item `i`, at file offsets (made on demand, as a block list's: see blockItemNode). */
export function flowItemNode(scan: FlowScan, i: number): IdNode {
  const { type, start, end, separator } = itemOffsets(scan, i);
  const { base } = scan;
  return new IdNode(scan.values[i]!, type, base + start, base + end, base + separator);
}

/**
 * The items of a flow list that starts on the `ids:` line (`[` at `open`), on that line or over
 * several, or undefined when it is not simple (comments, blank lines, nested collections...).
 */
export function scanFlowList(source: Text, open: number, options: Options, base: number): FlowScan | undefined {
  const values: string[] = [];
  const starts: number[] = [];
  const read = readFlowItems(source, open + 1, nonStringTests(options), values, starts);
  if (read === undefined) return undefined;
  const lineEnd = flowLineEnd(source, read.close);
  if (lineEnd === undefined) return undefined;
  const counts = new IdCounts();
  counts.add(values);
  return { kind: 'flow', options, source, base, open, close: read.close, lineEnd, starts, counts, values };
}

/**
 * Brings a flow list's `scan` up to `source` (its `[` now at `open`, the text at file offset
 * `base`), in place: the items before and after the change are kept (those after it moved), the
 * ones it touches read again. Returns false, leaving the scan as it was, when the list is no
 * longer simple or starts elsewhere. `change`: the file's change, when known.
 */
export function rescanFlowList(scan: FlowScan, source: Text, open: number, base: number, change?: TextChange): boolean {
  const { prefix, suffix } = commonEndsOf(scan.source, scan.base, source, base, change);
  const delta = source.length - scan.source.length;
  const oldChangeEnd = scan.source.length - suffix;
  // A change before the list only moves it.
  if (oldChangeEnd <= scan.open && open === scan.open + delta) {
    scan.open = open;
    scan.close += delta;
    scan.lineEnd += delta;
    shiftFrom(scan.starts, 0, delta);
    return finish();
  }
  if (scan.open !== open) return false;
  const { values, starts } = scan;
  // A change after the line of `]` leaves the list as it is.
  if (prefix > scan.lineEnd) return finish();
  // From the item before the one the change starts in (after the separator of the one before it).
  const i = Math.max(0, upperBound(starts, prefix) - 2);
  const pos = i > 0 ? itemOffsets(scan, i - 1).separator + 1 : open + 1;
  let m = upperBound(starts, oldChangeEnd - 1);
  const readValues: string[] = [];
  const readStarts: number[] = [];
  const read = readFlowItems(source, pos, nonStringTests(scan.options), readValues, readStarts, (at) => {
    // Past the change, at an item that only moved: the rest is kept.
    while (m < starts.length && starts[m]! + delta < at) m++;
    const kept = starts[m];
    return at >= oldChangeEnd + delta && kept !== undefined && kept + delta === at ? m : undefined;
  });
  if (read === undefined) return false;
  const keptFrom = read.keptFrom ?? values.length;
  const close = read.keptFrom === undefined ? read.close : scan.close + delta;
  const lineEnd = read.keptFrom === undefined ? flowLineEnd(source, close) : scan.lineEnd + delta;
  if (lineEnd === undefined) return false;
  scan.counts.remove(values.slice(i, keptFrom));
  scan.counts.add(readValues);
  spliceIn(starts, i, keptFrom - i, readStarts);
  shiftFrom(starts, i + readValues.length, delta);
  spliceIn(values, i, keptFrom - i, readValues);
  scan.close = close;
  scan.lineEnd = lineEnd;
  return finish();

  function finish(): true {
    scan.source = source;
    scan.base = base;
    return true;
  }
}

/**
 * Reads flow items from `pos` to the closing `]`: where it is, or (when `kept` says an item at a
 * position is one of the old scan's, from which on the rest is kept) that index.
 */
function readFlowItems(
  source: Text,
  pos: number,
  tests: readonly RegExp[],
  values: string[],
  starts: number[],
  kept?: (at: number) => number | undefined,
): { close: number; keptFrom?: number } | undefined {
  for (;;) {
    const at = skipFlowSpace(source, pos);
    if (at === undefined) return undefined;
    const keptFrom = kept?.(at);
    if (keptFrom !== undefined) return { close: -1, keptFrom };
    const scalar = scalarAt(source, at, tests, true);
    if (scalar === undefined) return undefined;
    const sep = skipFlowSpace(source, scalar.end);
    if (sep === undefined) return undefined;
    let c = source.charCodeAt(sep);
    if (c !== 0x2c /* , */ && c !== 0x5d /* ] */) return undefined;
    values.push(scalar.value);
    starts.push(at);
    pos = sep + 1;
    if (c === 0x2c) {
      // A comma may end the list (`[a, b,]`).
      const next = skipFlowSpace(source, pos);
      if (next === undefined) return undefined;
      c = source.charCodeAt(next);
      if (c === 0x5d) pos = next + 1;
    }
    if (c === 0x5d) return { close: pos - 1 };
  }
}

/** Where the line of the list's `]` ends, when nothing but spaces follows it there. */
function flowLineEnd(source: Text, close: number): number | undefined {
  let lineEnd = close + 1;
  while (source.charCodeAt(lineEnd) === 0x20) lineEnd++;
  return eolAt(source, lineEnd) === 0 && lineEnd < source.length ? undefined : lineEnd;
}
