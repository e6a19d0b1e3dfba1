// Cutting text that outlives the version it was cut from. Pure.

import type { Text } from './text';

/**
 * `source.slice(start, end)` as a string of its own. V8 makes a slice of 13 characters or more a
 * pointer into the string it was cut from, so a value kept from one version of a document to the
 * next (an id, a comment, a parsed document's scalars) would keep that version's whole text alive:
 * after 30 edits of a file of 100,000 UUIDs, 30 texts of 4 MB. The copy (a one-character prefix,
 * dropped) points into a string of its own length plus one instead. (A plain slice while a parse
 * shares its text: see {@link whileSharingText}.)
 */
export function detachedSlice(source: Text, start: number, end: number): string {
  const part = source.slice(start, end);
  return part.length < 13 || sharing ? part : ` ${part}`.slice(1);
}

/** Whether the parse running now may cut plain slices of its text (see {@link whileSharingText}). */
let sharing = false;

/**
 * Runs `work` (a parse) with detachedSlice and compactSlice cutting plain slices, which point into
 * the text: for a caller that keeps the text at least as long as what is cut from it (a command's
 * one read of a file). A copy of each id is spared: about 70 ms of the first read of 100,000 UUIDs.
 */
export function whileSharingText<T>(work: () => T): T {
  const was = sharing;
  sharing = true;
  try {
    return work();
  } finally {
    sharing = was;
  }
}

/** Where compactSlice puts the characters: room for a chunk of an open document (chunkedText.ts). */
const scratch = new Uint8Array(16384);
/** (For ASCII, all it is given, `latin1` is every runtime's windows-1252: the same bytes.) */
const ascii = new TextDecoder('latin1');

/**
 * `source.slice(start, end)` as a flat string of one byte a character where it is all ASCII
 * (else as detachedSlice cuts it; a plain slice while a parse shares its text). Two reasons. What
 * detachedSlice makes of a 36-character UUID is a pointer and a string of its own, 98 bytes in
 * all (V8, Node 20); this is 56. And in V8 a text holding one character past Latin-1 (a BOM, a
 * `’` in a comment) is two bytes a character, and so is every slice and copy of it.
 */
export function compactSlice(source: Text, start: number, end: number): string {
  if (sharing) return source.slice(start, end);
  const length = end - start;
  // A slice that short is a flat copy already, one byte a character when the text is: the same
  // string as below, without a call into the runtime for each id (a third of a long list's first read).
  if (length < 13 && holdsOnlyLatin1(source)) return source.slice(start, end);
  if (length > scratch.length) return detachedSlice(source, start, end);
  for (let i = 0; i < length; i++) {
    const c = source.charCodeAt(start + i);
    if (c > 0x7f) return detachedSlice(source, start, end);
    scratch[i] = c;
  }
  return ascii.decode(scratch.subarray(0, length));
}

/**
 * The string last asked about, and the answer: the parse of a text cuts all its ids from it in one
 * go, and asks for each (for a text with a wide character far in, the question reads up to it).
 * Forgotten when the task ends, so that it does not keep a version of a document alive.
 */
let asked: { source: string; latin1: boolean } | undefined;

/**
 * Whether `source` is a string with no character past Latin-1: one that V8 keeps at one byte a
 * character, unless it was cut from or joined with a wider one (for such a string the regular
 * expression answers at once).
 */
export function holdsOnlyLatin1(source: Text): source is string {
  if (typeof source !== 'string') return false;
  if (asked?.source !== source) {
    if (asked === undefined) queueMicrotask(() => (asked = undefined));
    asked = { source, latin1: !/[\u0100-\uffff]/.test(source) };
  }
  return asked.latin1;
}
