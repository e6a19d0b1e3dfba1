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

import { contentEnd, nextLine, startsLine, upperBound } from './idsText';
import type { TextChange } from './textChange';
import type { Text } from './text';

/**
 * The lines that decide where documents start, by offset: `starts`, those that start with `---`
 * (then a space, a tab, a line break or the end); `stops`, those that start with `...` so followed,
 * or with `%`. Kept apart, so that a file of many documents is cut without reading its text again.
 */
export interface MarkerLines {
  readonly starts: readonly number[];
  readonly stops: readonly number[];
}

/** The marker lines of `text` starting in `[from, to]`. */
export function markerLines(text: Text, from = 0, to = text.length): MarkerLines {
  const last = Math.min(to, text.length - 1);
  // Searched for rather than read line by line: the search runs in the engine's own code, and most
  // lines of a long file hold no marker. Only the range is searched (an edit's few lines would
  // otherwise be searched to the end of the text), through the marker of its last line (after a
  // byte order mark if that line is the first); the whole text as it is.
  const range = from === 0 && last >= text.length - 1 ? text : text.slice(from, last + 4);
  const starts = linesWith(text, range, from, last, '---').filter((line) => markerKind(text, line) === 'start');
  const stops = linesWith(text, range, from, last, '...')
    .concat(linesWith(text, range, from, last, '%'))
    .filter((line) => markerKind(text, line) === 'stop')
    .sort((a, b) => a - b);
  return { starts, stops };
}

/** The lines starting in `[from, last]` with `marker` (after the byte order mark, at the stream's start), found in `range`, the text from `from`. */
function linesWith(text: Text, range: Text, from: number, last: number, marker: string): number[] {
  const lines: number[] = [];
  for (let i = range.indexOf(marker); i !== -1; i = range.indexOf(marker, i + 1)) {
    const at = from + i;
    const line = at === 1 && text.charCodeAt(0) === 0xfeff ? 0 : at;
    if (line > last) break;
    if (line >= from && startsLine(text, line)) lines.push(line);
  }
  return lines;
}

function markerKind(text: Text, lineStart: number): 'start' | 'stop' | undefined {
  // A byte order mark is skipped at the start of the stream only.
  const i = lineStart === 0 && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const c = text.charCodeAt(lineStart + i);
  if (c === 0x25 /* % */) return 'stop';
  if ((c !== 0x2d /* - */ && c !== 0x2e) /* . */ || text.charCodeAt(lineStart + i + 1) !== c || text.charCodeAt(lineStart + i + 2) !== c) return undefined;
  const after = text.charCodeAt(lineStart + i + 3);
  // NaN (end of text), space, tab, \n, \r
  if (!Number.isNaN(after) && after !== 0x20 && after !== 0x09 && after !== 0x0a && after !== 0x0d) return undefined;
  return c === 0x2d ? 'start' : 'stop';
}

/**
 * The marker lines of `text` from those of the text before `change`: the ones the edit cannot
 * have touched are kept (moved), the lines around the edit are looked at again. A line's status
 * depends on the character before it and its first four characters.
 */
export function updateMarkerLines(old: MarkerLines, text: Text, change: TextChange): MarkerLines {
  const from = Math.max(0, change.start - 4);
  const around = markerLines(text, from, change.newEnd);
  return { starts: updated(old.starts, around.starts, from, change), stops: updated(old.stops, around.stops, from, change) };
}

/** `old` with its lines in `[from, change.oldEnd]` replaced by `around`, and those after moved. */
function updated(old: readonly number[], around: readonly number[], from: number, change: TextChange): number[] {
  const delta = change.newEnd - change.oldEnd;
  const before = upperBound(old, from - 1); // (offsets are whole numbers)
  const after = upperBound(old, change.oldEnd);
  const markers = old.slice(0, before).concat(around, old.slice(after));
  for (let i = before + around.length; i < markers.length; i++) markers[i]! += delta;
  return markers;
}

/**
 * Cuts a file into runs of text that parse independently (see the top of this file), given its
 * marker lines ({@link markerLines}).
 * @returns where each run starts, the first at 0; one run for the whole text when it is not cut.
 */
export function runStarts(text: Text, markers: MarkerLines): number[] {
  if (markers.stops.length > 0) return [0];
  const { starts } = markers;
  const first = starts[0] === 0 ? 1 : 0;
  // Comment-only text before the first `---` belongs to that document: no cut there.
  const skip = starts[first] !== undefined && !hasContent(text, 0, starts[first]) ? 1 : 0;
  return [0].concat(starts.slice(first + skip));
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
