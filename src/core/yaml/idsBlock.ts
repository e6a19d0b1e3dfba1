// A block `ids` list as the fast path reads it, kept from one version of a document to the next:
// its lines, where a simple item line is its value (the text says the rest: where the scalar
// starts and ends, its comment) and any other line a small record. The next version reads again
// only the lines an edit touched and splices them in, in place. A simple item's `yaml` node is
// made when a feature asks for it (blockItemNode), not for every id. Pure.

import {
  contentEnd,
  isTyped,
  eolAt,
  fastIdsStats,
  itemLineEnd,
  commentAfter,
  nextLine,
  quotedEnd,
  scalarAt,
  scalarEnd,
  scalarTypeAt,
  upperBound,
  itemTests,
  type ItemTests,
  type Options,
  type ScalarType,
} from './idsText';
import type { Scalar } from 'yaml';
import { shiftFrom, spliceIn } from '../arrays';
import { detachedSlice } from './detachedSlice';
import { IdNode, replaceValues, scannedValues, typedNode, type ScannedList } from './idsNodes';
import { commonEndsOf, type TextChange } from './textChange';
import type { Text } from './text';

/**
 * A line of a block list other than a simple item, as read. Every kind has every field (one object
 * shape keeps the loops over the lines fast).
 */
export interface ListLine {
  readonly kind: 'comment' | 'blank' | 'other';
  /** Length with the line break, and the line break's length (0, 1 or 2). */
  readonly length: number;
  readonly eol: number;
  /** comment: its text. */
  readonly text: string;
  /**
   * other: whether it is an item of the list (one the fast path does not read), and whether it
   * holds a quote that may run on past the line (any quote but that of a value closed on the line).
   */
  readonly isItem: boolean;
  readonly openQuote: boolean;
  /**
   * other: the quote (its character code) that opens the item's value when no other such quote
   * follows on the line (an id being typed: `- "abc`), else 0.
   */
  readonly quote: number;
}

/**
 * A line of a block list: a simple item is its value (a typed one's marked: see TYPED in
 * idsText.ts), any other line a {@link ListLine}.
 */
export type Line = string | ListLine;

export function isItem(line: Line): line is string {
  return typeof line === 'string';
}

/** The lines of a block list, read from `source`. */
export interface ListScan extends ScannedList {
  readonly kind: 'block';
  /** Where the `ids:` line starts, and where the line after it (the list's first) starts. */
  keyStart: number;
  listStart: number;
  readonly indent: string;
  readonly lines: Line[];
  /** Offset in `source` of each line. */
  readonly starts: number[];
  /** Where the line that ends the list starts (or the text's end), and what that line is. */
  end: number;
  ending: 'end' | 'key' | 'other';
  /**
   * The lines that are not simple items, in order. `nonItems[k] - k` item lines come before line
   * `nonItems[k]`: so the line of an item is found without a pass over the lines, and the runs
   * are found from one line the fast path does not read to the next, not line by line.
   */
  nonItems: number[];
}

/** The lines of a block list and where they start, with the text they are read from (for their line breaks). */
interface LinesView {
  readonly lines: readonly Line[];
  readonly starts: readonly number[];
  readonly source: Text;
  /** Where the line after the list's last line starts. */
  readonly end: number;
}

/** The line break of line `n`: 1 (`\n` or a lone `\r`) or 2 (`\r\n`); an item's is read at its end. */
export function eolOf(view: LinesView, n: number): number {
  const line = view.lines[n]!;
  if (!isItem(line)) return line.eol;
  const lineEnd = view.starts[n + 1] ?? view.end;
  return view.source.charCodeAt(lineEnd - 2) === 0x0d ? 2 : 1;
}

/** The lines of `lines[from, to)` that are not simple items, appended to `nonItems`. */
function addNonItems(nonItems: number[], lines: readonly Line[], from: number, to: number): void {
  for (let n = from; n < to; n++) if (!isItem(lines[n]!)) nonItems.push(n);
}

/** The line of item `i` of the list (the `i`th simple item line). */
export function lineOfItem(scan: ListScan, i: number): number {
  // Non-item line k has nonItems[k] - k items before it: those with at most i come before the item.
  const { nonItems } = scan;
  let lo = 0;
  let hi = nonItems.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (nonItems[mid]! - mid <= i) lo = mid + 1;
    else hi = mid;
  }
  return i + lo;
}

/** The comment and blank-line marks of a node, as the `yaml` composer gives them. */
interface NodeProps {
  readonly commentBefore?: string | null;
  readonly spaceBefore?: boolean;
}

/**
 * The node of item line `n`, at file offsets, with the comment and blank-line marks its lines give
 * it unless `props` says otherwise. (Made on demand: holding one for every id of a long list
 * would take more memory than all the rest of the list.)
 */
export function blockItemNode(scan: ListScan, n: number, props: NodeProps = lineProps(scan.lines, n)): Scalar {
  const { value, type, valueStart, valueEnd, lineEnd } = itemLine(scan, n);
  const { base } = scan;
  const comment = commentAfter(scan.source, valueEnd);
  const node = isTyped(value)
    ? typedNode(value, scan.options, base + valueStart, base + valueEnd, base + lineEnd, comment)
    : new IdNode(value, type, base + valueStart, base + valueEnd, base + lineEnd, comment);
  if (props.commentBefore != null) node.commentBefore = props.commentBefore;
  if (props.spaceBefore === true) node.spaceBefore = true;
  return node;
}

/** Where the scalar of item line `n` starts and ends, at file offsets (its node's range, without making it). */
export function blockItemRange(scan: ListScan, n: number): { start: number; end: number } {
  const { valueStart, valueEnd } = itemLine(scan, n);
  return { start: scan.base + valueStart, end: scan.base + valueEnd };
}

/** Item line `n`: its value and type, where its scalar starts and ends, and where the line after it starts. */
export function itemLine(scan: ListScan, n: number): { value: string; type: ScalarType; valueStart: number; valueEnd: number; lineEnd: number } {
  const value = scan.lines[n] as string;
  const valueStart = valueStartOf(scan.source, scan.starts[n]!, scan.indent);
  const type = scalarTypeAt(scan.source, valueStart);
  return { value, type, valueStart, valueEnd: scalarEnd(valueStart, value, type), lineEnd: scan.starts[n + 1] ?? scan.end };
}

function line(kind: ListLine['kind'], length: number, eol: number, parts: Partial<ListLine> = {}): ListLine {
  return { kind, length, eol, text: parts.text ?? '', isItem: parts.isItem ?? false, openQuote: parts.openQuote ?? false, quote: parts.quote ?? 0 };
}

/**
 * Reads the line at `pos` of a list indented by `indent` into `lines` (a simple item's value, or
 * the record of any other line); returns where the next line starts.
 */
function readLine(source: Text, pos: number, indent: string, tests: ItemTests, lines: Line[]): number {
  fastIdsStats.linesRead++;
  const isItem = isItemLine(source, pos, indent);
  if (isItem && source.charCodeAt(pos + indent.length + 1) === 0x20) {
    const scalar = scalarAt(source, valueStartOf(source, pos, indent), tests.tests, false, tests.typed);
    const next = scalar === undefined ? -1 : itemLineEnd(source, scalar.end);
    if (scalar !== undefined && next !== -1) {
      lines.push(scalar.value);
      return next;
    }
  }
  const other = otherLine(source, pos, indent, isItem);
  lines.push(other);
  return pos + other.length;
}

/** The record of the line at `pos`, which is not a simple item (`isItem`: whether it is an item of the list all the same). */
function otherLine(source: Text, pos: number, indent: string, isItem: boolean): ListLine {
  let j = pos;
  while (source.charCodeAt(j) === 0x20) j++;
  const eol = eolAt(source, j);
  if (eol > 0) return line('blank', j + eol - pos, eol);
  if (source.charCodeAt(j) === 0x23 /* # */) {
    const k = contentEnd(source, j);
    const lineEol = eolAt(source, k);
    // A comment line no deeper than the items goes to the next item; a deeper one to the item before.
    if (lineEol > 0 && j - pos <= indent.length) return line('comment', k + lineEol - pos, lineEol, { text: detachedSlice(source, j + 1, k) || ' ' });
    return line('other', k + lineEol - pos, lineEol);
  }
  const end = nextLine(source, pos);
  const text = source.slice(pos, end);
  const valueAt = valueStartOf(source, pos, indent);
  const q = source.charCodeAt(valueAt);
  const quote = isItem && (q === 0x22 || q === 0x27) && !text.includes(String.fromCharCode(q), valueAt - pos + 1) ? q : 0;
  // A value quoted and closed on its line with no other quote after it (an empty id, `- ""`, as
  // typing a quote makes it when the editor closes the quote) cannot run on into the lines below.
  const closed = isItem ? quotedEnd(source, valueAt) : -1;
  const holdsQuote = (from: number): boolean => text.includes('"', from) || text.includes("'", from);
  const openQuote = closed === -1 ? holdsQuote(0) : holdsQuote(closed - pos);
  return line('other', end - pos, 0, { isItem, openQuote, quote });
}

/** Whether the line at `pos` ends the list's lines, and how; undefined when it does not. */
function listEndAt(source: Text, pos: number, indent: string): 'end' | 'key' | 'other' | undefined {
  if (pos >= source.length) return 'end';
  const c = source.charCodeAt(pos);
  if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x23 /* # */ || (indent === '' && c === 0x2d) /* - */) return undefined;
  const lower = c | 0x20;
  return (lower >= 0x61 && lower <= 0x7a) || c === 0x5f /* _ */ ? 'key' : 'other';
}

/**
 * Where the value of the item line at `pos` starts: after its `- ` and any spaces more (`-   id`:
 * some files align their ids so).
 */
function valueStartOf(source: Text, pos: number, indent: string): number {
  let at = pos + indent.length + 2;
  while (source.charCodeAt(at) === 0x20) at++;
  return at;
}

/** Whether the line at `pos` is an item of the list: `<indent>-` then a space or a line break. */
function isItemLine(source: Text, pos: number, indent: string): boolean {
  const dash = pos + indent.length;
  if (!source.startsWith(indent, pos) || source.charCodeAt(dash) !== 0x2d) return false;
  const after = source.charCodeAt(dash + 1);
  return after === 0x20 || after === 0x0a || after === 0x0d;
}

const EOL = ['', '\n', '\r\n'];

/**
 * The comment and blank-line marks the `yaml` composer gives the node of item line `n` from the
 * comment and blank lines right before it (as its resolveProps makes them: comments joined by
 * their line breaks, a blank line after a comment adds its line break, a blank line before any
 * comment marks `spaceBefore`).
 */
function lineProps(lines: readonly Line[], n: number): NodeProps {
  let j = n;
  while (j > 0 && isBetweenItems(lines[j - 1]!)) j--;
  let comment = '';
  let separator = '';
  let spaceBefore = false;
  for (let m = j; m < n; m++) {
    const l = lines[m] as ListLine;
    if (l.kind === 'comment') {
      comment = comment === '' ? l.text : comment + separator + l.text;
      separator = EOL[l.eol]!;
    } else if (comment !== '') {
      comment += EOL[l.eol];
    } else {
      spaceBefore = true;
    }
  }
  return { commentBefore: comment || undefined, spaceBefore };
}

/** A comment or blank line: one that may stand between the items of a run. */
function isBetweenItems(line: Line): boolean {
  return !isItem(line) && line.kind !== 'other';
}

/** The lines of a block list as readLines reads them. */
interface ReadLines {
  readonly lines: Line[];
  /** Offset of each line. */
  readonly starts: number[];
  /** The values of the item lines, and the indexes of the other lines. */
  readonly values: string[];
  readonly nonItems: number[];
  /** Where the line that ends the list starts (or the text's end), and what that line is. */
  readonly end: number;
  readonly ending: 'end' | 'key' | 'other';
}

/** Reads list lines from `pos` until the list ends. */
function readLines(source: Text, pos: number, indent: string, tests: ItemTests): ReadLines {
  const lines: Line[] = [];
  const starts: number[] = [];
  const values: string[] = [];
  const nonItems: number[] = [];
  for (;;) {
    const ending = listEndAt(source, pos, indent);
    if (ending !== undefined) return { lines, starts, values, nonItems, end: pos, ending };
    starts.push(pos);
    pos = readLine(source, pos, indent, tests, lines);
    // (Sorted as they come: a long list's first read makes no second pass over its lines.)
    const line = lines[lines.length - 1]!;
    if (isItem(line)) values.push(line);
    else nonItems.push(lines.length - 1);
  }
}

/** The values of the item lines of `lines`, in order. */
function itemsOf(lines: readonly Line[]): string[] {
  return lines.filter(isItem);
}

/** Reads the block list whose first line starts at `listStart`, every line of it. */
export function scanBlockList(source: Text, keyStart: number, listStart: number, options: Options, base: number): ListScan | undefined {
  // The list's indentation is that of its first line, which must be an item.
  let p = listStart;
  while (source.charCodeAt(p) === 0x20) p++;
  const indent = source.slice(listStart, p);
  if (!isItemLine(source, listStart, indent)) return undefined;
  const { lines, starts, values, nonItems, end, ending } = readLines(source, listStart, indent, itemTests(options));
  return { kind: 'block', ...scannedValues(options, source, base, values), keyStart, listStart, indent, lines, starts, end, ending, nonItems };
}

/**
 * Brings `scan` (of an earlier text of the same document) up to `source`, which starts at file
 * offset `base`, in place: the lines before and after the change are kept (those after it moved),
 * the lines it touches are read again. Returns false, leaving the scan as it was, when the change
 * reaches the list's first `- ` (then the list is read afresh). `change`: the
 * file's change, when known (else the two texts are compared).
 */
export function rescanBlockList(scan: ListScan, source: Text, base: number, change?: TextChange): boolean {
  const { prefix, suffix } = commonEndsOf(scan.source, scan.base, source, base, change);
  const oldLength = scan.source.length;
  const oldChangeEnd = oldLength - suffix;
  const delta = source.length - oldLength;
  if (prefix === oldLength && delta === 0) return finish();
  if (oldChangeEnd <= scan.listStart) {
    // A change before the list's first line: its lines are as they were, moved. Before the `ids:`
    // line, the key moved too. On it (a comment, an anchor typed after the key) or on the comment
    // and blank lines below it, whether the key still heads this list, and where it starts, the
    // caller reads in the new text (fastIds.ts, keyLines) and compares.
    if (oldChangeEnd <= scan.keyStart) scan.keyStart += delta;
    scan.listStart += delta;
    scan.end += delta;
    shiftFrom(scan.starts, 0, delta);
    return finish();
  }
  // A change of the list's first `- ` (or of what comes before it) may change its indentation,
  // which every line is read by. (A list has a first line: it is read only when that is an item.)
  // A change after it, in the first id, is read as any other: typing a new id at the top of a list.
  if (prefix < scan.listStart + scan.indent.length + 2) return false;
  // The first character of the line that ends the list decides the end: a change after it leaves the list as it is.
  if (prefix > scan.end) return finish();
  const { lines, starts } = scan;
  const tests = itemTests(scan.options);
  // From the line before the one the change starts in (a line's reading depends on its own text only).
  const i = Math.max(0, upperBound(starts, prefix) - 2);
  const read: Line[] = [];
  const readStarts: number[] = [];
  let pos = starts[i] ?? scan.listStart;
  // Old lines from k on are kept once the reading reaches one of them (moved by delta).
  let k = upperBound(starts, oldChangeEnd - 1);
  let ending: ListScan['ending'] | undefined;
  for (;;) {
    while (k < starts.length && starts[k]! + delta < pos) k++;
    if (pos >= oldChangeEnd + delta && k < starts.length && starts[k]! + delta === pos) break;
    ending = listEndAt(source, pos, scan.indent);
    if (ending !== undefined) {
      // The list now ends here: at its old end (moved), or somewhere else.
      k = lines.length;
      break;
    }
    readStarts.push(pos);
    pos = readLine(source, pos, scan.indent, tests, read);
  }
  // Lines [i, k) of the old scan become `read`.
  const removed = itemsOf(lines.slice(i, k));
  const added = itemsOf(read);
  // The index in `values` of the first item line at or after line i.
  const itemAt = i - upperBound(scan.nonItems, i - 1);
  spliceIn(lines, i, k - i, read);
  spliceIn(starts, i, k - i, readStarts);
  shiftFrom(starts, i + read.length, delta);
  replaceValues(scan, itemAt, removed, added);
  // The lines that are not items: those before the read lines kept, those of the read lines
  // found, those after moved.
  const { nonItems } = scan;
  const from = upperBound(nonItems, i - 1);
  const found: number[] = [];
  addNonItems(found, lines, i, i + read.length);
  spliceIn(nonItems, from, upperBound(nonItems, k - 1) - from, found);
  shiftFrom(nonItems, from + found.length, read.length - (k - i));
  scan.end = ending !== undefined ? pos : scan.end + delta;
  if (ending !== undefined) scan.ending = ending;
  return finish();

  function finish(): true {
    scan.source = source;
    scan.base = base;
    return true;
  }
}
