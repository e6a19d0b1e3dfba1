// Parsing a target-settings file, and parsing it again after an edit: only the documents whose
// text changed are parsed again (the others are taken over, moved when the edit shifted them), and
// what is worked out for the whole text (document markers, line starts) is brought up to date
// around the edit. A lone `\r` is a line break (YAML 1.2, LSP), read as one where lines are read;
// the `yaml` package, which does not read it so, is given the text it parses with each one as `\n`
// (slice.ts).

import type { YAMLError } from 'yaml';
import { whileSharingText } from './detachedSlice';
import { markerLines, runStarts, updateMarkerLines } from './documents';
import type { IdsScan } from './fastIds';
import { ParsedDocument } from './parsedDocument';
import { ParsedFile, type FileBasis, type FileParseOptions } from './parsedFile';
import { moveSlice, parseSlice, type Slice } from './slice';
import { commonEnds, fitsLengths, type TextChange } from './textChange';
import { flat, type Text } from './text';
import { partOf } from './chunkedText';
import { pushAll } from '../arrays';

/**
 * Parses a whole file. With `last` (an earlier parse of the same file, with the same options),
 * documents whose source text is unchanged are taken over instead of parsed again; the result is
 * the same as a parse without `last`. `last` is taken over: the documents it shares with the new
 * parse move with it (and long `ids` lists keep their nodes, moved in place), so it is not to be
 * used again. `change`, where `source` differs from the text of `last`, spares comparing the two
 * texts; one that cannot be (lengths that do not add up) is ignored. `options` default to those
 * of `last`.
 */
export function parseFile(source: Text, last?: ParsedFile, change?: TextChange, options?: FileParseOptions): ParsedFile {
  return options?.sharesText === true ? whileSharingText(() => parseNow(source, last, change, options)) : parseNow(source, last, change, options);
}

function parseNow(source: Text, last: ParsedFile | undefined, change: TextChange | undefined, options: FileParseOptions | undefined): ParsedFile {
  const fastIds = options?.fastIds ?? last?.basis.fastIds ?? true;
  // A parse made the other way is not taken over: its lists are not what this parse would make.
  const previous = last?.basis.fastIds === fastIds ? last : undefined;
  // Without a last version every character is read: from one string, which reads faster than
  // chunks (a ChunkedText made from one string has it at hand).
  const text = previous === undefined ? flat(source) : source;
  const basis = basisOf(text, previous?.basis, change);
  // Where each run of text starts (it ends where the next one starts, the last at the end).
  const runs = runStarts(text, basis.markers);
  const old = previous?.slices ?? [];
  // The last version's slices taken over (by their index): a new run takes over the slice that
  // started where it starts, moved by the edit; a slice is taken once. No map of the old slices
  // is built: in a file of many documents, that cost more than the rest of the keystroke.
  const taken = new Uint8Array(old.length);
  /** The index of the old slice that starts at `from`, if not taken yet (`hint`: where to look first). */
  const untakenAt = (from: number, hint: number): number => {
    const i = old[hint]?.start === from ? hint : lastStartingBy(old, from);
    return i >= 0 && old[i]!.start === from && taken[i] === 0 ? i : -1;
  };
  /**
   * The `ids` list of the old slice at index `i`, for the parse of the run `[start, end)`: when no
   * new slice took that slice over, and its text, where it now is, overlaps the run (it is taken
   * over here). A slice the edit left whole elsewhere is left for the run that starts where it now
   * does: taken here, documents pasted above it would have had every document after them parsed again.
   */
  const idsToUpdate = (i: number, start: number, end: number): IdsScan | undefined => {
    const slice = old[i];
    if (slice === undefined || slice.ids === undefined || taken[i] !== 0) return undefined;
    const [from, to] = whereNow(slice, basis.change!);
    if (from >= end || to <= start) return undefined;
    taken[i] = 1;
    return slice.ids;
  };
  const slices: Slice[] = [];
  /** Start of the last run made of two merged ones (see below). */
  let merged = -1;
  /** Where the last match was, to look first after it. */
  let next = 0;
  let parsed = 0;
  let reused = 0;
  let moved = 0;
  /** Documents in the slices so far. */
  let count = 0;
  for (let i = 0; i < runs.length; i++) {
    const start = runs[i]!;
    const last = i === runs.length - 1;
    const end = last ? text.length : runs[i + 1]!;
    let slice: Slice | undefined;
    if (basis.change !== undefined) {
      // The last version's slice of the same text: where this one is, if it is before the change,
      // or that far before, if after it. A run that ends the file parses differently from one
      // that another run follows.
      const from = oldStartOf(basis.change, start, end);
      const at = from === undefined ? -1 : untakenAt(from, next);
      const match = old[at];
      if (match !== undefined && match.end - match.start === end - start && match.last === last) {
        taken[at] = 1;
        next = at + 1;
        if (match.start === start) {
          reused++;
        } else {
          moveSlice(match, start - match.start);
          moved++;
        }
        slice = match;
      }
    }
    if (slice === undefined) {
      slice = parseSlice(partOf(text, start, end), start, end, last, fastIds ? idsToUpdate(i, start, end) : undefined, basis.change, fastIds);
      parsed++;
      // A slice whose parse depends on its neighbours is parsed again together with them. (An
      // unclosed quote: the lexer looks for the closing quote in the rest of the file and, when
      // there is none, runs the scalar over the following `---` lines.) A slice taken over passed
      // these checks where it is: a run that depends on its neighbours is kept merged with them.
      // A run that has been merged already and must be merged again takes the rest of the file with
      // it: merged one at a time, a file whose every document has such a dependency had its growing
      // run parsed again for each document.
      if (slice.dependsOn.has('previous') && i > 0) {
        count -= slices.pop()!.documents.length;
        const from = runs[i - 1]!;
        if (from === merged) runs.length = i;
        else runs.splice(i, 1);
        merged = from;
        i -= 2;
        continue;
      }
      if (slice.dependsOn.has('rest') && !last) {
        runs.length = i + 1;
        i--;
        continue;
      }
      if (slice.dependsOn.has('next') && !last) {
        if (start === merged) runs.length = i + 1;
        else runs.splice(i + 1, 1);
        merged = start;
        i--;
        continue;
      }
    }
    slices.push(slice);
    count += slice.documents.length;
  }
  const documents = new Array<ParsedDocument>(count);
  const streamErrors: YAMLError[] = [];
  let index = 0;
  for (const slice of slices) {
    for (let i = 0; i < slice.documents.length; i++, index++) {
      let view = slice.views[i];
      if (view?.index !== index) view = slice.views[i] = new ParsedDocument(index, slice.documents[i]!, slice.states[i]!);
      documents[index] = view;
    }
    pushAll(streamErrors, slice.streamErrors);
  }
  return new ParsedFile(
    text,
    documents,
    streamErrors,
    slices,
    {
      slices: slices.length,
      parsed,
      reused,
      moved,
    },
    { source, markers: basis.markers, fastIds },
  );
}

/** Where the text of a slice of the last version is after `change`: moved if after it, stretched if the change was in it. */
function whereNow(slice: Slice, change: TextChange): [number, number] {
  const delta = change.newEnd - change.oldEnd;
  if (slice.end <= change.start) return [slice.start, slice.end];
  if (slice.start >= change.oldEnd) return [slice.start + delta, slice.end + delta];
  return [slice.start, slice.end + delta];
}

/** Index of the last of `slices` (in order) that starts at or before `offset`; -1 if none does. */
function lastStartingBy(slices: readonly Slice[], offset: number): number {
  let lo = 0;
  let hi = slices.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (slices[mid]!.start <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Where the text `[start, end)` of the new version was in the last one, when the change left it
 * as it was (the change is the whole difference, so no text needs comparing).
 */
function oldStartOf(change: TextChange, start: number, end: number): number | undefined {
  if (end <= change.start) return start;
  if (start >= change.newEnd) return start - (change.newEnd - change.oldEnd);
  return undefined;
}

/**
 * The marker lines of `source`, worked out again only around the edit when the last version's are
 * known. `change`: where `source` differs from the last version's, if known; found by comparing
 * the two otherwise.
 */
function basisOf(
  source: Text,
  previous: Omit<FileBasis, 'fastIds'> | undefined,
  known: TextChange | undefined,
): Omit<FileBasis, 'fastIds'> & { change?: TextChange } {
  if (previous === undefined) return { source, markers: markerLines(source) };
  let change = known;
  if (change === undefined || !fitsLengths(change, previous.source.length, source.length)) {
    const { prefix, suffix } = commonEnds(flat(previous.source), flat(source));
    change = { start: prefix, oldEnd: previous.source.length - suffix, newEnd: source.length - suffix };
  }
  return { source, markers: updateMarkerLines(previous.markers, source, change), change };
}
