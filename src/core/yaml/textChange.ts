// Where one version of a text differs from the last: found by comparing the two texts, or known
// from the editor's own change events (a language client sends the edited ranges), which spares
// the comparison of two whole texts on every keystroke. Pure.

import { flat, type Text } from './text';

/** Where an edit changed a text: `[start, oldEnd)` of the old text became `[start, newEnd)`. */
export interface TextChange {
  readonly start: number;
  readonly oldEnd: number;
  readonly newEnd: number;
}

/** The change `next` (offsets in the text `first` produced) made after `first`, as one change. */
export function composeChanges(first: TextChange | undefined, next: TextChange): TextChange {
  if (first === undefined) return next;
  // In the text between the two: `first` changed [first.start, first.newEnd), `next` replaces
  // [next.start, next.oldEnd). The union of both, read back in the oldest and the newest text.
  const start = Math.min(first.start, next.start);
  const middleEnd = Math.max(first.newEnd, next.oldEnd);
  return {
    start,
    oldEnd: first.oldEnd + (middleEnd - first.newEnd),
    newEnd: middleEnd + (next.newEnd - next.oldEnd),
  };
}

/** Whether `change` can be one from a text of `oldLength` characters to one of `newLength`. */
export function fitsLengths(change: TextChange, oldLength: number, newLength: number): boolean {
  const { start, oldEnd, newEnd } = change;
  return 0 <= start && start <= oldEnd && start <= newEnd && oldLength - oldEnd === newLength - newEnd && newLength - newEnd >= 0;
}

/**
 * Lengths of the longest common prefix and suffix of two texts (not overlapping in the shorter
 * one). About 2 ms for two texts of 2 MB: what a change known from the editor spares.
 */
export function commonEnds(a: string, b: string): { prefix: number; suffix: number } {
  const max = Math.min(a.length, b.length);
  const CHUNK = 4096;
  let prefix = 0;
  // Native comparisons of whole chunks first, then characters.
  while (prefix + CHUNK <= max && a.substring(prefix, prefix + CHUNK) === b.substring(prefix, prefix + CHUNK)) prefix += CHUNK;
  while (prefix < max && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  const room = max - prefix;
  while (suffix + CHUNK <= room && a.substring(a.length - suffix - CHUNK, a.length - suffix) === b.substring(b.length - suffix - CHUNK, b.length - suffix))
    suffix += CHUNK;
  while (suffix < room && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;
  return { prefix, suffix };
}

/**
 * Lengths of a start and an end that `a` (at offset `aBase` of the old text) and `b` (at `bBase`
 * of the new text) have in common, read off `change` (old text -> new text) when it tells them,
 * else found by comparing the two. Read off the change, they may be shorter than the longest
 * common ones (an edit that typed what was there), never longer.
 */
export function commonEndsOf(a: Text, aBase: number, b: Text, bBase: number, change: TextChange | undefined): { prefix: number; suffix: number } {
  // The very text a scan was brought up to already (fastIds.ts tries one scan for several lists).
  if (a === b && aBase === bBase) return { prefix: a.length, suffix: 0 };
  if (change === undefined) return commonEnds(flat(a), flat(b));
  const aEnd = aBase + a.length;
  const bEnd = bBase + b.length;
  const delta = change.newEnd - change.oldEnd;
  const max = Math.min(a.length, b.length);
  let prefix: number;
  let suffix: number;
  if (aBase >= change.oldEnd && bBase === aBase + delta) {
    // Both after the change, at the same place: equal character by character.
    prefix = max;
  } else if (aBase === bBase) {
    prefix = Math.max(0, Math.min(change.start - aBase, max));
  } else {
    return commonEnds(flat(a), flat(b));
  }
  if (aEnd >= change.oldEnd && bEnd === aEnd + delta) {
    suffix = aEnd - change.oldEnd;
  } else if (aEnd <= change.start && bEnd === aEnd) {
    suffix = max;
  } else {
    return commonEnds(flat(a), flat(b));
  }
  return { prefix, suffix: Math.min(suffix, max - prefix) };
}
