// Parsing a target-settings file, and parsing it again after an edit: only the documents whose
// text changed are parsed again (the others are taken over, moved when the edit shifted them), and
// what is worked out for the whole text (document markers, line starts) is brought up to date
// around the edit. A lone `\r` is a line break (YAML 1.2, LSP), read as one where lines are read;
// the `yaml` package, which does not read it so, is given the text it parses with each one as `\n`
// (slice.ts).

import type { YAMLError } from 'yaml';
import { markerLines, splitAt, updateMarkerLines } from './documents';
import type { IdsScan } from './fastIds';
import { updateLineStarts } from './lineStarts';
import { ParsedDocument } from './parsedDocument';
import { ParsedFile, type FileBasis, type FileParseOptions } from './parsedFile';
import { moveSlice, parseSlice, type Slice } from './slice';
import { commonEnds, fitsLengths, type TextChange } from './textChange';
import { flat, type Text } from './text';
import { partOf } from './chunkedText';

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
  const fastIds = options?.fastIds ?? last?.basis.fastIds ?? true;
  // A parse made the other way is not taken over: its lists are not what this parse would make.
  const previous = last?.basis.fastIds === fastIds ? last : undefined;
  // Without a last version every character is read: from one string, which reads faster than
  // chunks (a ChunkedText made from one string has it at hand).
  const text = previous === undefined ? flat(source) : source;
  const basis = basisOf(text, previous?.basis, change);
  const bounds = splitAt(text, basis.markers);
  // The last version's slices not taken over yet, by where they started (slices do not overlap):
  // a new slice may take over the one that started where it starts, moved by the edit.
  const untaken = new Map<number, Slice>();
  for (const s of previous?.slices ?? []) untaken.set(s.start, s);
  const take = (old: Slice): void => {
    untaken.delete(old.start);
  };
  /** The `ids` list of the old slice at index `i`, when no new slice took that slice over (it is taken over here). */
  const idsToUpdate = (i: number): IdsScan | undefined => {
    const old = previous?.slices[i];
    if (old === undefined || old.ids === undefined || untaken.get(old.start) !== old) return undefined;
    take(old);
    return old.ids;
  };
  const slices: Slice[] = [];
  /** Start of the last run made of two merged ones (see below). */
  let merged = -1;
  let parsed = 0;
  let reused = 0;
  let moved = 0;
  for (let i = 0; i < bounds.length; i++) {
    const [start, end] = bounds[i]!;
    let slice: Slice | undefined;
    if (basis.change !== undefined) {
      // The last version's slice of the same text: where this one is, if it is before the change,
      // or that far before, if after it. A run that ends the file parses differently from one
      // that another run follows.
      const last = i === bounds.length - 1;
      const from = oldStartOf(basis.change, start, end);
      const match = from === undefined ? undefined : untaken.get(from);
      if (match !== undefined && match.end - match.start === end - start && match.last === last) {
        take(match);
        if (match.start === start) {
          slice = match;
          reused++;
        } else {
          slice = moveSlice(match, start - match.start);
          moved++;
        }
      }
    }
    if (slice === undefined) {
      slice = parseSlice(partOf(text, start, end), start, end, i === bounds.length - 1, fastIds ? idsToUpdate(i) : undefined, basis.change, fastIds);
      parsed++;
    }
    // A slice whose parse depends on its neighbours is parsed again together with them. (An
    // unclosed quote: the lexer looks for the closing quote in the rest of the file and, when
    // there is none, runs the scalar over the following `---` lines.)
    // A run that has been merged already and must be merged again takes the rest of the file with
    // it: merged one at a time, a file whose every document has such a dependency had its growing
    // run parsed again for each document.
    if (slice.dependsOn.has('previous') && i > 0) {
      slices.pop();
      const from = bounds[i - 1]![0];
      const whole = from === merged;
      bounds.splice(i - 1, whole ? bounds.length - (i - 1) : 2, [from, whole ? text.length : end]);
      merged = from;
      i -= 2;
      continue;
    }
    if (slice.dependsOn.has('rest') && i < bounds.length - 1) {
      bounds.splice(i, bounds.length - i, [start, text.length]);
      i--;
      continue;
    }
    if (slice.dependsOn.has('next') && i < bounds.length - 1) {
      const whole = start === merged;
      bounds.splice(i, whole ? bounds.length - i : 2, [start, whole ? text.length : bounds[i + 1]![1]]);
      merged = start;
      i--;
      continue;
    }
    slices.push(slice);
  }
  const documents: ParsedDocument[] = [];
  const streamErrors: YAMLError[] = [];
  for (const slice of slices) {
    slice.documents.forEach((doc, i) => {
      documents.push(new ParsedDocument(documents.length, doc, slice.states[i]!));
    });
    streamErrors.push(...slice.streamErrors);
  }
  // The line starts, when the last version worked them out, brought up to date.
  const lines = basis.change !== undefined ? previous?.takeLineStarts() : undefined;
  if (lines !== undefined) updateLineStarts(lines, text, basis.change!);
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
    lines,
  );
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
