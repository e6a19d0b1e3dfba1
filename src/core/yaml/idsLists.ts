// The ids lists the fast path reads: a block list as its lines, a flow list as its items, each
// with offsets relative to itself so that the version after an edit reads again only what the edit
// touched and takes the rest over (moved), with the nodes built for them. Pure, but the lines and
// items carry their nodes from one version to the next (see fastIds.ts).

import type { Scalar } from 'yaml';
import {
  IdCounts,
  commonEnds,
  contentEnd,
  eolAt,
  fastIdsControl,
  lineRest,
  nextLine,
  nonStringTests,
  scalarAt,
  skipFlowSpace,
  upperBound,
  type Options,
  type ScalarType,
} from './idsText';

/**
 * An id of a flow list as read, its offsets relative to where its scalar starts: an item that an
 * edit elsewhere only moved is taken over as it is, with its node (moved to where the item is).
 */
export interface FlowItem {
  readonly kind: 'item';
  readonly value: string;
  readonly type: ScalarType;
  /** Length of the scalar (quotes included), and where its node ends: the separator after it (`,` or `]`). */
  readonly length: number;
  readonly sep: number;
  node?: Scalar;
}

/** The items of a flow list, read from `source` (one YAML document's text). */
export interface FlowScan {
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
 * elsewhere only moved is taken over as it is, with the node built for it (moved to where the line is).
 */
export type ListLine =
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
    }
  | { readonly kind: 'comment'; readonly text: string; readonly length: number; readonly eol: number }
  | { readonly kind: 'blank'; readonly length: number; readonly eol: number }
  | { readonly kind: 'other'; readonly length: number; readonly isItem: boolean; readonly openQuote: boolean };

/** The lines of a block list, read from `source` (one YAML document's text). */
export interface ListScan {
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
export function scanBlockList(source: string, keyStart: number, listStart: number, options: Options): ListScan | undefined {
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
  return { options, source, keyStart, listStart, indent, lines, starts, end, ending, counts };
}

/**
 * The scan of `source` from an earlier scan of a text that differs from it in one place: the lines
 * before and after the change are taken over (those after it moved), the lines it touches are read
 * again. Undefined when the change reaches the `ids:` line (then the list is read afresh).
 */
export function rescanBlockList(old: ListScan, source: string): ListScan | undefined {
  const { prefix, suffix } = commonEnds(old.source, source);
  const oldChangeEnd = old.source.length - suffix;
  const delta = source.length - old.source.length;
  if (prefix === old.source.length && delta === 0) return old;
  if (oldChangeEnd <= old.keyStart) {
    // A change before the `ids:` line: the list only moved.
    return { ...old, source, keyStart: old.keyStart + delta, listStart: old.listStart + delta, starts: old.starts.map((s) => s + delta), end: old.end + delta };
  }
  // A change in the list's first line may change its indentation, which every line is read by.
  if (prefix < old.listStart + old.lines[0].length) return undefined;
  // The first character of the line that ends the list decides the end: a change after it leaves the list as it is.
  if (prefix > old.end) return { ...old, source };
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
      return { ...old, source, lines, starts, end: old.end + delta, ending: old.ending };
    }
    const ending = listEndAt(source, pos, old.indent);
    if (ending !== undefined) {
      // The list now ends here: at its old end (moved), or somewhere else.
      old.counts.remove(old.lines.slice(i));
      old.counts.add(lines.slice(i));
      return { ...old, source, lines, starts, end: pos, ending };
    }
    const line = readLine(source, pos, old.indent, tests);
    lines.push(line);
    starts.push(pos);
    pos += line.length;
  }
}

/**
 * The items of a flow list that starts on the `ids:` line (`[` at `open`), on that line or over
 * several, or undefined when it is not simple (comments, blank lines, nested collections...).
 * With `old` (the scan of an earlier text that differs from `source` in one place), the items
 * before the change and after it are taken over (moved), the ones it touches read again.
 */
export function scanFlowList(source: string, open: number, options: Options, old?: FlowScan): FlowScan | undefined {
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
