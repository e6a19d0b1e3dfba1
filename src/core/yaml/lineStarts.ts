// Where the lines of a text start, kept from one version of a file to the next: an edit finds
// again only the line breaks in the text it changed. Pure.

import { shiftFrom, spliceIn } from '../arrays';
import type { TextChange } from './textChange';
import { upperBound } from './idsText';

/** The offset where each line of `text` starts: 0, then after each `\n` (lone `\r` already read as `\n`). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * Brings the line starts of a text up to the text after `change`, in place. The character before
 * the change may have changed too (a `\r` the edit made lone or not), so the line break there is
 * looked at again.
 */
export function updateLineStarts(starts: number[], text: string, change: TextChange): void {
  const from = Math.max(0, change.start - 1);
  const delta = change.newEnd - change.oldEnd;
  // Old starts [first, after) followed a line break in [from, oldEnd): replaced by the new ones.
  const first = upperBound(starts, from);
  const after = upperBound(starts, change.oldEnd);
  const added: number[] = [];
  const part = text.slice(from, change.newEnd);
  for (let i = part.indexOf('\n'); i !== -1; i = part.indexOf('\n', i + 1)) added.push(from + i + 1);
  spliceIn(starts, first, after - first, added);
  shiftFrom(starts, first + added.length, delta);
}
