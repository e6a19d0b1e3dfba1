// Where the lines of a text start, kept from one version of a file to the next: an edit finds
// again only the line breaks in the text it changed. Line breaks are `\n`, `\r\n` and a lone `\r`,
// as in YAML 1.2 and LSP positions. Pure.

import { shiftFrom, spliceIn } from '../arrays';
import type { TextChange } from './textChange';
import { upperBound } from './idsText';
import type { Text } from './text';

/** The offset where each line of `text` starts: 0, then after each line break. */
export function lineStarts(text: Text): number[] {
  const starts = [0];
  pushLineStarts(starts, text, 0, text.length);
  return starts;
}

/** Pushes the starts of the lines after the line breaks that start in `text[from, to)`. */
function pushLineStarts(starts: number[], text: Text, from: number, to: number): void {
  if (!hasLoneCr(text, from, to)) {
    // Every line break holds a `\n` (most files): found by the native search.
    for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return;
  }
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) starts.push(i + 1);
  }
}

/**
 * Brings the line starts of a text up to the text after `change`, in place. The character before
 * the change may have changed too (a `\r` the edit made lone or not), so the line break there is
 * looked at again.
 */
export function updateLineStarts(starts: number[], text: Text, change: TextChange): void {
  const from = Math.max(0, change.start - 1);
  const delta = change.newEnd - change.oldEnd;
  // Old starts [first, after) followed a line break in [from, oldEnd): replaced by the new ones.
  const first = upperBound(starts, from);
  const after = upperBound(starts, change.oldEnd);
  const added: number[] = [];
  pushLineStarts(added, text, from, change.newEnd);
  spliceIn(starts, first, after - first, added);
  shiftFrom(starts, first + added.length, delta);
}

/** How much of a text is read as one string at a time: a text in chunks is not made one string. */
const PIECE = 65536;

/** Whether a line break starting in `text[from, to)` is a lone `\r`. */
function hasLoneCr(text: Text, from: number, to: number): boolean {
  for (let at = from; at < to; at += PIECE) {
    const end = Math.min(to, at + PIECE);
    // (With the character after the piece, which tells whether a `\r` at its end is lone.)
    const loneCr = text.slice(at, end + 1).search(/\r(?!\n)/);
    if (loneCr !== -1 && loneCr < end - at) return true;
  }
  return false;
}
