// A block `ids` list as the fast path reads it, kept from one version of a document to the next:
// its lines, where a simple item line is its `yaml` node (the node's range says where the scalar
// is and where the line ends) and any other line a small record. The next version reads again
// only the lines an edit touched and splices them in, in place; the other lines keep their nodes,
// moved when the edit changed the length before them. Pure.

import { IdCounts, contentEnd, eolAt, fastIdsStats, lineRest, nextLine, nonStringTests, scalarAt, upperBound, type Options } from './idsText';
import { shiftFrom, spliceIn } from '../arrays';
import { detachedSlice } from './detachedSlice';
import { IdNode, moveNodes, type IdsNodes } from './idsNodes';
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
  /** other: whether it is an item of the list (one the fast path does not read), whether it holds a quote. */
  readonly isItem: boolean;
  readonly openQuote: boolean;
  /**
   * other: the quote (its character code) that opens the item's value when no other such quote
   * follows on the line (an id being typed: `- "abc`), else 0.
   */
  readonly quote: number;
}

/** A line of a block list: a simple item is its node (at file offsets), any other line a {@link ListLine}. */
export type Line = IdNode | ListLine;

export function isItem(line: Line): line is IdNode {
  return line instanceof IdNode;
}

/** The length of the line at `pos` of the text at file offset `base`, line break included. */
function lineLength(line: Line, pos: number, base: number): number {
  return isItem(line) ? line.nodeEnd - base - pos : line.length;
}

/** The lines of a block list, read from `source`. */
export interface ListScan extends IdsNodes {
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
   * The item lines whose node has the comment and blank-line marks the `yaml` parse gave it (the
   * first item of a run, see fastIds.ts) rather than those its lines give it.
   */
  parserProps: IdNode[];
  /**
   * The list's items and values when items of the `yaml` parse stand among the runs (fastIds.ts
   * fills them in place for each version; the next parse of the document makes them its own).
   */
  combined?: { items: unknown[]; values: unknown[] };
  /**
   * The lines that break the list's stretches of simple lines ({@link isBreak}), in order, and
   * how many item lines come before each: between two breaks the lines are items, comments and
   * blank lines (each with its own line break), so the runs are found break by break, not line by
   * line.
   */
  breaks: number[];
  itemsBeforeBreak: number[];
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

function isOther(line: Line): boolean {
  return !isItem(line) && line.kind === 'other';
}

/** Whether line `n` breaks a stretch of simple lines: a line the fast path does not read. */
function isBreak(view: LinesView, n: number): boolean {
  return isOther(view.lines[n]!);
}

/** The breaks of lines [from, to) (the first of which has `items` item lines before it), appended to the scan's. */
function addBreaks(scan: Pick<ListScan, 'breaks' | 'itemsBeforeBreak'>, view: LinesView, from: number, to: number, items: number): void {
  for (let n = from; n < to; n++) {
    if (isBreak(view, n)) {
      scan.breaks.push(n);
      scan.itemsBeforeBreak.push(items);
    }
    if (isItem(view.lines[n]!)) items++;
  }
}

function line(kind: ListLine['kind'], length: number, eol: number, parts: Partial<ListLine> = {}): ListLine {
  return { kind, length, eol, text: parts.text ?? '', isItem: parts.isItem ?? false, openQuote: parts.openQuote ?? false, quote: parts.quote ?? 0 };
}

/** Reads the line at `pos` of a list indented by `indent`; an item's node gets file offsets (`base` + offset in `source`). */
function readLine(source: Text, pos: number, indent: string, tests: readonly RegExp[], base: number): Line {
  fastIdsStats.linesRead++;
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
  const isItem = isItemLine(source, pos, indent);
  if (isItem && source.charCodeAt(pos + indent.length + 1) === 0x20) {
    const valueStart = pos + indent.length + 2;
    const scalar = scalarAt(source, valueStart, tests, false);
    const rest = scalar && lineRest(source, scalar.end);
    if (scalar !== undefined && rest !== undefined) {
      return new IdNode(scalar.value, scalar.type, base + valueStart, base + scalar.end, base + rest.eolStart + rest.eol, rest.comment);
    }
  }
  const end = nextLine(source, pos);
  const text = source.slice(pos, end);
  const q = source.charCodeAt(pos + indent.length + 2);
  const quote = isItem && (q === 0x22 || q === 0x27) && !text.includes(String.fromCharCode(q), indent.length + 3) ? q : 0;
  return line('other', end - pos, 0, { isItem, openQuote: text.includes('"') || text.includes("'"), quote });
}

/** Whether the line at `pos` ends the list's lines, and how; undefined when it does not. */
function listEndAt(source: Text, pos: number, indent: string): 'end' | 'key' | 'other' | undefined {
  if (pos >= source.length) return 'end';
  const c = source.charCodeAt(pos);
  if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x23 /* # */ || (indent === '' && c === 0x2d) /* - */) return undefined;
  const lower = c | 0x20;
  return (lower >= 0x61 && lower <= 0x7a) || c === 0x5f /* _ */ ? 'key' : 'other';
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
 * Gives the node of item line `n` the comment and blank-line marks the `yaml` composer gives it
 * from the comment and blank lines right before it (as its resolveProps makes them: comments
 * joined by their line breaks, a blank line after a comment adds its line break, a blank line
 * before any comment marks `spaceBefore`).
 */
export function setLineProps(lines: readonly Line[], n: number): void {
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
  setProps(lines[n] as IdNode, comment || undefined, spaceBefore);
}

/** A comment or blank line: one that may stand between the items of a run. */
function isBetweenItems(line: Line): boolean {
  return !isItem(line) && line.kind !== 'other';
}

export function setProps(node: IdNode, commentBefore: string | null | undefined, spaceBefore: boolean | undefined): void {
  if (node.commentBefore !== (commentBefore ?? undefined)) {
    if (commentBefore == null) delete node.commentBefore;
    else node.commentBefore = commentBefore;
  }
  if (Boolean(node.spaceBefore) !== Boolean(spaceBefore)) {
    if (spaceBefore) node.spaceBefore = true;
    else delete node.spaceBefore;
  }
}

/** Reads list lines from `pos` into `lines`/`starts` until the list ends; returns where and how. */
function readLines(
  source: Text,
  pos: number,
  indent: string,
  tests: readonly RegExp[],
  base: number,
  lines: Line[],
  starts: number[],
): { end: number; ending: 'end' | 'key' | 'other' } {
  for (;;) {
    const ending = listEndAt(source, pos, indent);
    if (ending !== undefined) return { end: pos, ending };
    const read = readLine(source, pos, indent, tests, base);
    lines.push(read);
    starts.push(pos);
    pos += lineLength(read, pos, base);
  }
}

/** The nodes and values of the item lines of `lines`, in order. */
function itemsOf(lines: readonly Line[]): { nodes: IdNode[]; values: string[] } {
  const nodes: IdNode[] = [];
  const values: string[] = [];
  for (const l of lines) {
    if (isItem(l)) {
      nodes.push(l);
      values.push(l.value);
    }
  }
  return { nodes, values };
}

/** Reads the block list whose first line starts at `listStart`, every line of it. */
export function scanBlockList(source: Text, keyStart: number, listStart: number, options: Options, base: number): ListScan | undefined {
  // The list's indentation is that of its first line, which must be an item.
  let p = listStart;
  while (source.charCodeAt(p) === 0x20) p++;
  const indent = source.slice(listStart, p);
  if (!isItemLine(source, listStart, indent)) return undefined;
  const lines: Line[] = [];
  const starts: number[] = [];
  const { end, ending } = readLines(source, listStart, indent, nonStringTests(options), base, lines, starts);
  lines.forEach((line, n) => {
    if (isItem(line)) setLineProps(lines, n);
  });
  const { nodes, values } = itemsOf(lines);
  const counts = new IdCounts();
  counts.add(values);
  const breaks = { breaks: [] as number[], itemsBeforeBreak: [] as number[] };
  addBreaks(breaks, { lines, starts, source, end }, 0, lines.length, 0);
  return { kind: 'block', options, source, base, keyStart, listStart, indent, lines, starts, end, ending, counts, nodes, values, parserProps: [], ...breaks };
}

/**
 * Brings `scan` (of an earlier text of the same document) up to `source`, which starts at file
 * offset `base`, in place: the lines before and after the change are kept (those after it moved),
 * the lines it touches are read again. Returns false, leaving the scan as it was, when the change
 * reaches the `ids:` line or the list's first line (then the list is read afresh). `change`: the
 * file's change, when known (else the two texts are compared).
 */
export function rescanBlockList(scan: ListScan, source: Text, base: number, change?: TextChange): boolean {
  const { prefix, suffix } = commonEndsOf(scan.source, scan.base, source, base, change);
  const oldLength = scan.source.length;
  const oldChangeEnd = oldLength - suffix;
  const delta = source.length - oldLength;
  const moved = base - scan.base;
  if (prefix === oldLength && delta === 0) {
    finish(scan.nodes.length, scan.nodes.length);
    return true;
  }
  if (oldChangeEnd <= scan.keyStart) {
    // A change before the `ids:` line: the list only moved.
    scan.keyStart += delta;
    scan.listStart += delta;
    scan.end += delta;
    shiftFrom(scan.starts, 0, delta);
    finish(0, 0);
    return true;
  }
  // A change in the list's first line may change its indentation, which every line is read by.
  // (A list has a first line: it is read only when its first line is an item.)
  if (prefix < scan.listStart + lineLength(scan.lines[0]!, scan.listStart, scan.base)) return false;
  // The first character of the line that ends the list decides the end: a change after it leaves the list as it is.
  if (prefix > scan.end) {
    finish(scan.nodes.length, scan.nodes.length);
    return true;
  }
  const { lines, starts } = scan;
  const tests = nonStringTests(scan.options);
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
    const l = readLine(source, pos, scan.indent, tests, base);
    read.push(l);
    readStarts.push(pos);
    pos += lineLength(l, pos, base);
  }
  // Lines [i, k) of the old scan become `read`.
  const removed = itemsOf(lines.slice(i, k));
  const added = itemsOf(read);
  scan.counts.remove(removed.values);
  scan.counts.add(added.values);
  let itemAt = 0; // index in `nodes` of the first item line at or after line i
  for (let n = i - 1; n >= 0; n--) {
    const l = lines[n]!;
    if (isItem(l)) {
      itemAt = scan.nodes.indexOf(l) + 1;
      break;
    }
  }
  const removedItems = removed.nodes.length;
  spliceIn(lines, i, k - i, read);
  spliceIn(starts, i, k - i, readStarts);
  shiftFrom(starts, i + read.length, delta);
  spliceIn(scan.nodes, itemAt, removedItems, added.nodes);
  spliceIn(scan.values, itemAt, removedItems, added.values);
  const end = ending !== undefined ? pos : scan.end + delta;
  // The breaks: those before the read lines kept, those of the read lines and the line after them
  // (its line before changed) found again, those after moved.
  const { breaks, itemsBeforeBreak } = scan;
  scan.breaks = [];
  scan.itemsBeforeBreak = [];
  let b = 0;
  // (breaks and itemsBeforeBreak are parallel lists.)
  for (; b < breaks.length && breaks[b]! < i; b++) {
    scan.breaks.push(breaks[b]!);
    scan.itemsBeforeBreak.push(itemsBeforeBreak[b]!);
  }
  addBreaks(scan, { lines, starts, source, end }, i, Math.min(lines.length, i + read.length + 1), itemAt);
  for (; b < breaks.length; b++) {
    const line = breaks[b]!;
    if (line <= k) continue;
    scan.breaks.push(line + read.length - (k - i));
    scan.itemsBeforeBreak.push(itemsBeforeBreak[b]! + added.nodes.length - removedItems);
  }
  if (removedItems > 0) scan.parserProps = scan.parserProps.filter((node) => !removed.nodes.includes(node));
  // The read lines' nodes, and the next item's (its comment lines may have changed), get their marks.
  for (let n = i; n < i + read.length; n++) if (isItem(lines[n]!)) setLineProps(lines, n);
  let next = i + read.length;
  while (next < lines.length && isBetweenItems(lines[next]!)) next++;
  if (next < lines.length && isItem(lines[next]!)) setLineProps(lines, next);
  scan.end = end;
  if (ending !== undefined) scan.ending = ending;
  finish(itemAt, itemAt + added.nodes.length);
  return true;

  /**
   * Moves the kept nodes: those before item `readFrom` with the document, those from item
   * `keptFrom` on by `delta` more (the ones between were just read, at their place).
   */
  function finish(readFrom: number, keptFrom: number): void {
    moveNodes(scan.nodes, moved, 0, readFrom);
    moveNodes(scan.nodes, moved + delta, keptFrom);
    scan.source = source;
    scan.base = base;
  }
}
