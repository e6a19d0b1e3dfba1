// A flow `ids` list (`ids: [a, "b", 'c']`, on one line or several, with comments and blank lines
// between the items; items read as numbers or true/false too, marked: TYPED in idsText.ts) as the
// fast path reads it, kept from one version of a document to the next: its items' values, where
// each starts and what comments it has (an item's `yaml` node is made when a feature asks for it,
// flowItemNode). The next version reads again only the items an edit
// touched and splices them in, in place. Pure.

import {
  contentEnd,
  eolAt,
  isTyped,
  itemTests,
  scalarAt,
  scalarEnd,
  scalarTypeAt,
  skipBlanks,
  upperBound,
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

/** The items of a flow list, read from `source`. */
export interface FlowScan extends ScannedList {
  readonly kind: 'flow';
  /** Where `[` and `]` are. */
  open: number;
  close: number;
  /**
   * The spaces a line of the list starts with, at least, as the `yaml` lexer reads a flow
   * collection (parseFlowCollection): 1 under a key at column 0 (tabs may follow them), 0 in a
   * document that is a flow mapping (JSON, indented with tabs or not at all).
   */
  readonly minIndent: number;
  /** Offset in `source` where each item's scalar starts (its node ends at the `,` or `]` after it). */
  readonly starts: number[];
  /** The comments and blank-line marks of each item, beside `values`; none while no item has any. */
  notes: (ItemNotes | undefined)[] | undefined;
}

/** What comment and blank lines give an item, as the `yaml` composer makes them (see readGap); undefined: none. */
interface ItemNotes {
  commentBefore?: string | undefined;
  spaceBefore?: boolean;
  /** A comment after the item's comma, on its line. */
  comment?: string | undefined;
}

/** Item `i`: its type, where its scalar starts and ends, and where the `,` or `]` after it is. */
function itemOffsets(scan: FlowScan, i: number): { type: ScalarType; start: number; end: number; separator: number } {
  const { type, start, end } = scalarOffsets(scan, i);
  return { type, start, end, separator: skipFlowSpace(scan.source, end, scan.minIndent)! };
}

/** Where the scalar of item `i` starts and ends in the scan's text, and its type. */
function scalarOffsets(scan: FlowScan, i: number): { type: ScalarType; start: number; end: number } {
  const start = scan.starts[i]!;
  const type = scalarTypeAt(scan.source, start);
  return { type, start, end: scalarEnd(start, scan.values[i]!, type) };
}

/** Where the scalar of item `i` starts and ends, at file offsets (its node's range, without making it). */
export function flowItemRange(scan: FlowScan, i: number): { start: number; end: number } {
  const { start, end } = scalarOffsets(scan, i);
  return { start: scan.base + start, end: scan.base + end };
}

/** The node of item `i`, at file offsets (made on demand, as a block list's: see blockItemNode). */
export function flowItemNode(scan: FlowScan, i: number): Scalar {
  const { type, start, end, separator } = itemOffsets(scan, i);
  const { base } = scan;
  const notes = scan.notes?.[i];
  const value = scan.values[i]!;
  const node = isTyped(value)
    ? typedNode(value, scan.options, base + start, base + end, base + separator, notes?.comment)
    : new IdNode(value, type, base + start, base + end, base + separator, notes?.comment);
  if (notes?.commentBefore !== undefined) node.commentBefore = notes.commentBefore;
  if (notes?.spaceBefore === true) node.spaceBefore = true;
  return node;
}

/**
 * The items of a flow list that starts on the `ids:` line (`[` at `open`), on that line or over
 * several, or undefined when it is not simple (nested collections, a comment the list itself
 * would keep before its `]`...). What follows the `]` is not the list's: a comment, or the rest
 * of a flow mapping the list is in (`{"ids": [...], "site": ...}`).
 */
export function scanFlowList(source: Text, open: number, options: Options, base: number, minIndent: number): FlowScan | undefined {
  const values: string[] = [];
  const starts: number[] = [];
  const notes: (ItemNotes | undefined)[] = [];
  const read = readFlowItems(source, open + 1, false, { tests: itemTests(options), minIndent }, { values, starts, notes });
  if (read === undefined) return undefined;
  return {
    kind: 'flow',
    ...scannedValues(options, source, base, values),
    open,
    close: read.close,
    minIndent,
    starts,
    notes: read.noted ? notes : undefined,
  };
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
    shiftFrom(scan.starts, 0, delta);
    return finish();
  }
  if (scan.open !== open) return false;
  const { values, starts } = scan;
  // A change after the `]` leaves the list as it is.
  if (prefix > scan.close) return finish();
  // From the item before the one the change starts in (after the separator of the one before it:
  // a comment on the line of that comma is that item's, and stays as it was).
  const i = Math.max(0, upperBound(starts, prefix) - 2);
  const pos = i > 0 ? itemOffsets(scan, i - 1).separator + 1 : open + 1;
  let m = upperBound(starts, oldChangeEnd - 1);
  const read: ReadItems = { values: [], starts: [], notes: [] };
  const end = readFlowItems(source, pos, i > 0, { tests: itemTests(scan.options), minIndent: scan.minIndent }, read, (at) => {
    // Past the change, at an item that only moved: the rest is kept.
    while (m < starts.length && starts[m]! + delta < at) m++;
    const kept = starts[m];
    return at >= oldChangeEnd + delta && kept !== undefined && kept + delta === at ? m : undefined;
  });
  if (end === undefined) return false;
  const keptFrom = end.keptFrom ?? values.length;
  const close = end.keptFrom === undefined ? end.close : scan.close + delta;
  // The comment and blank lines before the first item kept were read again: the change may be among them.
  const gap = end.gap;
  if (end.noted || scan.notes !== undefined || (gap !== undefined && (gap.commentBefore !== undefined || gap.spaceBefore))) {
    const notes = (scan.notes ??= new Array<ItemNotes | undefined>(values.length).fill(undefined));
    if (gap !== undefined) notes[keptFrom] = { ...notes[keptFrom], commentBefore: gap.commentBefore, spaceBefore: gap.spaceBefore };
    spliceIn(notes, i, keptFrom - i, end.noted ? read.notes : new Array<undefined>(read.values.length).fill(undefined));
  }
  spliceIn(starts, i, keptFrom - i, read.starts);
  shiftFrom(starts, i + read.values.length, delta);
  replaceValues(scan, i, values.slice(i, keptFrom), read.values);
  scan.close = close;
  return finish();

  function finish(): true {
    scan.source = source;
    scan.base = base;
    return true;
  }
}

/** The items read: their values, where each starts, their notes (none while no item read has any). */
interface ReadItems {
  readonly values: string[];
  readonly starts: number[];
  readonly notes: (ItemNotes | undefined)[];
}

/** How the items of a list are read: the tests that tell a string and a typed item apart, and the list's minIndent. */
interface Reading {
  readonly tests: ItemTests;
  readonly minIndent: number;
}

/**
 * Reads flow items from `pos` (after `[`, or after a comma: `afterComma`) to the closing `]`:
 * where it is, or (when `kept` says an item at a position is one of the old scan's, from which on
 * the rest is kept) that index, with the gap read before it. `noted`: whether any item read has notes.
 */
function readFlowItems(
  source: Text,
  pos: number,
  afterComma: boolean,
  { tests, minIndent }: Reading,
  read: ReadItems,
  kept?: (at: number) => number | undefined,
): { close: number; keptFrom?: number; gap?: Gap; noted: boolean } | undefined {
  // One gap, read into again before each item: a list of 100,000 ids makes no object per id.
  const gap: Gap = { at: 0, trailing: undefined, commentBefore: undefined, spaceBefore: false };
  if (!readGap(source, pos, afterComma, minIndent, gap)) return undefined;
  let noted = false;
  for (;;) {
    const at = gap.at;
    const keptFrom = kept?.(at);
    if (keptFrom !== undefined) return { close: -1, keptFrom, gap: { ...gap }, noted };
    const scalar = scalarAt(source, at, tests.tests, true, tests.typed);
    if (scalar === undefined) return undefined;
    const sep = skipFlowSpace(source, scalar.end, minIndent);
    if (sep === undefined) return undefined;
    const c = source.charCodeAt(sep);
    if (c !== 0x2c /* , */ && c !== 0x5d /* ] */) return undefined;
    read.values.push(scalar.value);
    read.starts.push(at);
    let notes: ItemNotes | undefined;
    if (gap.commentBefore !== undefined || gap.spaceBefore) notes = { commentBefore: gap.commentBefore, spaceBefore: gap.spaceBefore };
    pos = sep + 1;
    if (c === 0x2c) {
      if (!readGap(source, pos, true, minIndent, gap)) return undefined;
      if (gap.trailing !== undefined) (notes ??= {}).comment = gap.trailing;
    }
    // (The notes are written from the first item that has any: most lists have none.)
    if (notes !== undefined && !noted) {
      noted = true;
      for (let k = read.notes.length; k < read.values.length - 1; k++) read.notes.push(undefined);
    }
    if (noted) read.notes.push(notes);
    // A comma may end the list (`[a, b,]`); comments before the `]` would be the list's.
    if (c === 0x2c && source.charCodeAt(gap.at) === 0x5d) {
      if (gap.trailing !== undefined || gap.commentBefore !== undefined) return undefined;
      return { close: gap.at, noted };
    }
    if (c === 0x5d) return { close: sep, noted };
  }
}

/** What stands before an item of a flow list, as the `yaml` composer reads it (resolveProps, resolveFlowCollection). */
interface Gap {
  /** Where the next item (or `]`) starts. */
  at: number;
  /** After a comma: the comment on its line, which goes to the item before. */
  trailing: string | undefined;
  commentBefore: string | undefined;
  spaceBefore: boolean;
}

/**
 * Reads the spaces, tabs, line breaks and comments from `pos` (after `[`, or after a comma:
 * `afterComma`) to the next item or `]`, into `gap`; false where it cannot say as the `yaml`
 * composer would (a comment not after white space, an empty comment after the comma, a line
 * the lexer would end the list at: see {@link startsListLine}).
 */
function readGap(source: Text, pos: number, afterComma: boolean, minIndent: number, gap: Gap): boolean {
  let comment = '';
  let separator = '';
  let atNewline = false;
  let sawNewline = false;
  let hasSpace = false;
  let spaceBefore = false;
  let trailing: string | undefined;
  for (;;) {
    const c = source.charCodeAt(pos);
    if (c === 0x20 || c === 0x09) {
      hasSpace = true;
      pos++;
      continue;
    }
    const eol = eolAt(source, pos);
    if (eol > 0) {
      // (A lone CR is read as LF: the `yaml` package is given it so.)
      const newline = eol === 2 ? '\r\n' : '\n';
      if (!atNewline) separator += newline;
      else if (comment !== '') comment += newline;
      else spaceBefore = true;
      atNewline = sawNewline = hasSpace = true;
      pos += eol;
      if (!startsListLine(source, pos, minIndent)) return false;
      continue;
    }
    if (c === 0x23 /* # */) {
      if (!hasSpace) return false;
      const end = contentEnd(source, pos);
      const text = detachedSlice(source, pos + 1, end);
      if (afterComma && !sawNewline && comment === '') {
        if (text === '') return false;
        trailing = text;
      }
      comment = comment === '' ? text || ' ' : comment + separator + (text || ' ');
      separator = '';
      atNewline = false;
      pos = end;
      continue;
    }
    if (Number.isNaN(c)) return false;
    break;
  }
  if (trailing !== undefined) comment = comment.substring(trailing.length + 1);
  gap.at = pos;
  gap.trailing = trailing;
  gap.commentBefore = comment === '' ? undefined : comment;
  gap.spaceBefore = spaceBefore;
  return true;
}

/**
 * Whether the line at `pos` (after a line break) goes on with the list as the `yaml` lexer reads
 * it (parseFlowCollection): it starts with `minIndent` spaces at least (before any tab), or it is
 * blank, or a comment, or the `]` one space short of them.
 */
function startsListLine(source: Text, pos: number, minIndent: number): boolean {
  let spaces = 0;
  while (source.charCodeAt(pos + spaces) === 0x20) spaces++;
  if (spaces >= minIndent) return true;
  const k = skipBlanks(source, pos + spaces);
  const c = source.charCodeAt(k);
  return eolAt(source, k) > 0 || k >= source.length || c === 0x23 /* # */ || (c === 0x5d /* ] */ && spaces === minIndent - 1);
}

/**
 * Skips the white space between a flow item and its `,` or `]` from `pos`: spaces and tabs, and
 * line breaks when the line after each goes on with the list ({@link startsListLine}). Undefined
 * at a blank line (it would give the next item `spaceBefore`).
 */
function skipFlowSpace(source: Text, pos: number, minIndent: number): number | undefined {
  for (;;) {
    pos = skipBlanks(source, pos);
    const eol = eolAt(source, pos);
    if (eol === 0) return pos;
    pos += eol;
    if (!startsListLine(source, pos, minIndent) || eolAt(source, skipBlanks(source, pos)) > 0) return undefined;
  }
}
