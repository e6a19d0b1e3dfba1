// Where the documents of a file start, found again after an edit only around the edit. Pure.
//
// A file is cut into runs of text that parse independently: a cut before every line that starts a
// document (`---` followed by a space, a tab, a line break or the end). YAML forbids such a line
// inside any scalar or collection, so it always starts a new document, and a run of text from one
// such line to the next parses exactly as it does inside the whole file. Comment-only text before
// the first `---` belongs to that document (as its leading comment), so no cut is made there.
//
// Directives (`%YAML`, `%TAG`) carry state from one document to the next, and text after a `...`
// document-end line goes to the next document, so a file with either is not cut at all. (Two more
// exceptions are handled by parseFile after parsing a run: the `yaml` lexer runs an unclosed
// quoted scalar over `---` lines when no closing quote follows, so such a run is merged with the
// rest of the file; and comments after a document's end, outside it, belong to the next document,
// so such a run is merged with the next one.)

import { pushAll } from '../arrays';
import { contentEnd, nextLine, startsLine } from './idsText';
import type { TextChange } from './textChange';
import type { Text } from './text';

/**
 * The offsets of the lines of `text` that start with `---` or `...` (then a space, a tab, a line
 * break or the end) or with `%`: the lines that decide where documents start. Only lines starting
 * in `[from, to]` are looked at.
 */
export function markerLines(text: Text, from = 0, to = text.length): number[] {
  const markers: number[] = [];
  const last = Math.min(to, text.length - 1);
  // The first line start at or after `from`, found without reading the line `from` is in from its
  // start (a flow list on one line of a megabyte is one line).
  let lineStart = from;
  while (lineStart <= last && !startsLine(text, lineStart)) lineStart++;
  while (lineStart <= last) {
    if (isMarkerLine(text, lineStart)) markers.push(lineStart);
    lineStart = nextLine(text, lineStart);
  }
  return markers;
}

function isMarkerLine(text: Text, lineStart: number): boolean {
  // A byte order mark is skipped at the start of the stream only.
  const i = lineStart === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const c = text.charCodeAt(lineStart + i);
  if (c === 0x25 /* % */) return true;
  if ((c !== 0x2d /* - */ && c !== 0x2e) /* . */ || text.charCodeAt(lineStart + i + 1) !== c || text.charCodeAt(lineStart + i + 2) !== c) return false;
  const after = text.charCodeAt(lineStart + i + 3);
  // NaN (end of text), space, tab, \n, \r
  return Number.isNaN(after) || after === 0x20 || after === 0x09 || after === 0x0a || after === 0x0d;
}

/**
 * The marker lines of `text` from those of the text before `change`: the ones the edit cannot
 * have touched are kept (moved), the lines around the edit are looked at again. A line's status
 * depends on the character before it and its first four characters.
 */
export function updateMarkerLines(old: readonly number[], text: Text, change: TextChange): number[] {
  const delta = change.newEnd - change.oldEnd;
  const from = Math.max(0, change.start - 4);
  const markers = old.filter((m) => m < from);
  pushAll(markers, markerLines(text, from, change.newEnd));
  for (const m of old) if (m > change.oldEnd) markers.push(m + delta);
  return markers;
}

/**
 * Cuts a file into runs of text that parse independently (see the top of this file), given its
 * marker lines ({@link markerLines}).
 * @returns the `[start, end)` offsets of each run; one run for the whole text when it is not cut.
 */
export function splitAt(text: Text, markers: readonly number[]): Array<[number, number]> {
  const length = text.length;
  const cuts: number[] = [];
  for (const m of markers) {
    const c = text.charCodeAt(m === 0 && text.charCodeAt(0) === 0xfeff ? 1 : m);
    if (c !== 0x2d /* - */) return [[0, length]];
    if (m > 0) cuts.push(m);
  }
  if (cuts[0] !== undefined && !hasContent(text, 0, cuts[0])) {
    cuts.shift();
  }
  const out: Array<[number, number]> = [];
  let start = 0;
  for (const cut of cuts) {
    out.push([start, cut]);
    start = cut;
  }
  out.push([start, length]);
  return out;
}

/** True when `text[start, end)` holds anything but blank lines and comments. */
function hasContent(text: Text, start: number, end: number): boolean {
  for (let lineStart = start; lineStart < end; lineStart = nextLine(text, lineStart)) {
    const line = text
      .slice(lineStart, Math.min(contentEnd(text, lineStart), end))
      .replace(/^\uFEFF/, '')
      .trim();
    if (line !== '' && !line.startsWith('#')) {
      return true;
    }
  }
  return false;
}
