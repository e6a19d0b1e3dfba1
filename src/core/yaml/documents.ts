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
import { shiftFrom, spliceIn } from '../arrays';
import type { Text } from './text';

/**
 * The lines that decide where documents start, by offset: `starts`, those that start with `---`
 * (then a space, a tab, a line break or the end); `stops`, those that start with `...` so followed,
 * or with `%`. Kept apart, so that a file of many documents is cut without reading its text again.
 */
export interface MarkerLines {
  readonly starts: number[];
  readonly stops: number[];
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
 * The marker lines of `text`, those of the text before `change` brought up to date in place: the
 * ones the edit cannot have touched are kept (moved), the lines around the edit are looked at
 * again. A line's status depends on the character before it and its first four characters. (In
 * place: a copy of the marker lines of 100,000 documents was a millisecond of a keystroke.)
 */
export function updateMarkerLines(markers: MarkerLines, text: Text, change: TextChange): MarkerLines {
  const from = Math.max(0, change.start - 4);
  const around = markerLines(text, from, change.newEnd);
  update(markers.starts, around.starts, from, change);
  update(markers.stops, around.stops, from, change);
  return markers;
}

/** `lines` with those in `[from, change.oldEnd]` replaced by `around`, and those after moved. */
function update(lines: number[], around: readonly number[], from: number, change: TextChange): void {
  const before = upperBound(lines, from - 1); // (offsets are whole numbers)
  const after = upperBound(lines, change.oldEnd);
  shiftFrom(lines, after, change.newEnd - change.oldEnd);
  spliceIn(lines, before, after - before, around);
}

/**
 * Where each run of text of a file starts, the first at 0 (see the top of this file): one run for
 * the whole text when it is not cut. Read from its marker lines rather than copied from them (a
 * copy was a millisecond of a keystroke in a file of 100,000 documents), until parseFile merges
 * runs: then it makes a list of its own.
 */
export class Runs {
  /** The runs, once merged. */
  private own: number[] | undefined;

  /** The runs `[0, ...starts.slice(from)]`. */
  private constructor(
    private readonly starts: readonly number[],
    private readonly from: number,
  ) {}

  /** The runs of `text`, given its marker lines ({@link markerLines}). */
  static of(text: Text, markers: MarkerLines): Runs {
    if (markers.stops.length > 0) return new Runs([], 0);
    const { starts } = markers;
    const first = starts[0] === 0 ? 1 : 0;
    // Comment-only text before the first `---` belongs to that document: no cut there.
    const skip = starts[first] !== undefined && !hasContent(text, 0, starts[first]) ? 1 : 0;
    return new Runs(starts, first + skip);
  }

  get length(): number {
    return this.own?.length ?? this.starts.length - this.from + 1;
  }

  /** Where run `i` starts (undefined outside the runs). */
  at(i: number): number | undefined {
    if (this.own !== undefined) return this.own[i];
    if (i <= 0) return i === 0 ? 0 : undefined;
    return this.starts[this.from + i - 1];
  }

  /** How many runs start at or before `offset`. */
  startingBy(offset: number): number {
    if (this.own !== undefined) return upperBound(this.own, offset);
    return offset < 0 ? 0 : 1 + Math.max(0, upperBound(this.starts, offset) - this.from);
  }

  /** Keeps the first `count` runs: the last of them runs to the end of the text. */
  keep(count: number): void {
    this.ownList().length = count;
  }

  /** Removes `count` runs from index `at`: the run before them runs on over their text. */
  remove(at: number, count: number): void {
    this.ownList().splice(at, count);
  }

  toArray(): number[] {
    return this.own?.slice() ?? [0].concat(this.starts.slice(this.from));
  }

  private ownList(): number[] {
    return (this.own ??= this.toArray());
  }
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
