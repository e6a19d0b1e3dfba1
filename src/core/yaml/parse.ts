// Parsing a target-settings file, and parsing it again after an edit: only the documents whose
// text changed are parsed again (the others are taken over, moved when the edit shifted them), and
// what is worked out for the whole text (document markers, line starts) is brought up to date
// around the edit. A lone `\r` is a line break (YAML 1.2, LSP), read as one where lines are read;
// the `yaml` package, which does not read it so, is given the text it parses with each one as `\n`
// (slice.ts).

import type { YAMLError } from 'yaml';
import { whileSharingText } from './detachedSlice';
import { DocumentHistory } from './documentHistory';
import { Runs, markerLines, updateMarkerLines } from './documents';
import type { IdsScan } from './fastIds';
import { DocumentList } from './documentList';
import { ParsedFile, type FileBasis, type FileParseOptions } from './parsedFile';
import { MAX_GROUPED_LENGTH, parseDocumentsForValues, parseSlice, type Slice } from './slice';
import { FileFrame } from './placement';
import { commonEnds, fitsLengths, type TextChange } from './textChange';
import { flat, type Text } from './text';
import { partOf } from './chunkedText';
import { leadingCount, pushAll, spliceIn } from '../arrays';

/** Least text the runs of small documents read for their values are tried together in (see parseNow's groupLength). */
const MIN_GROUPED_LENGTH = 256;

/**
 * Parses a whole file. With `last` (an earlier parse of the same file, with the same options),
 * documents whose source text is unchanged are taken over instead of parsed again; the result is
 * the same as a parse without `last`. `last` is taken over: its list of slices (and so of
 * documents) becomes the new parse's, changed in place, and the documents it shares with it move
 * with it (long `ids` lists keep their nodes, moved in place), so it is not to be read again;
 * parsed from again, it is parsed as if without it. `change`, where `source` differs from the text
 * of `last`, spares comparing the two texts; one that cannot be (lengths that do not add up) is
 * ignored. `options` default to those of `last`.
 */
export function parseFile(source: Text, last?: ParsedFile, change?: TextChange, options?: FileParseOptions): ParsedFile {
  return options?.sharesText === true ? whileSharingText(() => parseNow(source, last, change, options)) : parseNow(source, last, change, options);
}

function parseNow(source: Text, last: ParsedFile | undefined, change: TextChange | undefined, options: FileParseOptions | undefined): ParsedFile {
  const fastPaths = options?.fastPaths ?? last?.basis.fastPaths ?? true;
  // A parse made the other way is not taken over: its lists are not what this parse would make.
  // Nor is a version a later parse took over already: what it shared with that one is that one's.
  const previous = last?.basis.fastPaths === fastPaths && last.history.isLatest(last.version) ? last : undefined;
  // Without a last version every character is read: from one string, which reads faster than
  // chunks (a ChunkedText made from one string has it at hand).
  const text = previous === undefined ? flat(source) : source;
  const basis = basisOf(text, previous?.basis, change);
  const runs = Runs.of(text, basis.markers);
  // The last version's slices are taken over in place (a copy of the list, and of the documents'
  // list there was, was a millisecond of a keystroke in a file of 100,000 documents).
  const old = (previous?.slices ?? []) as Slice[];
  const oldDocuments = previous?.documents.length ?? 0;
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
   * The `ids` list of an old slice for the parse of the run `[start, end)`: of the first one no new
   * slice took over whose text, where it now is, overlaps the run (it is taken over here). A slice
   * the edit left whole elsewhere is left for the run that starts where it now does: taken here,
   * documents pasted above it would have had every document after them parsed again.
   */
  const idsToUpdate = (start: number, end: number): IdsScan | undefined => {
    const change = basis.change;
    if (change === undefined) return undefined;
    for (let i = Math.max(0, lastStartingBy(old, Math.min(start, change.start))); i < old.length; i++) {
      const slice = old[i]!;
      const [from, to] = whereNow(slice, change);
      if (from >= end) return undefined;
      if (to <= start || slice.ids === undefined || taken[i] !== 0) continue;
      taken[i] = 1;
      return slice.ids;
    }
    return undefined;
  };
  // In a file of many documents, the slices the edit cannot have touched are taken over together:
  // those before it as they are, those after it moved; the loop below looks at the runs between.
  // (Looking at each run, in a file of 100,000 documents, was half of a keystroke's time.)
  const edge = previous === undefined || basis.change === undefined ? undefined : untouched(previous, runs, basis.change);
  const before = edge?.before ?? { slices: 0, documents: 0, run: 0 };
  const frame = previous?.basis.frame ?? new FileFrame();
  // Those after the edit keep their place from the end of the file, and move with it (placement.ts).
  placeFromEnd(old, frame, edge?.after?.slice ?? old.length);
  taken.fill(1, 0, before.slices);
  /** The slices the loop parsed or took over, in order. */
  const made: Slice[] = [];
  /** Start of the last run made of two merged ones (see below). */
  let merged = -1;
  /** Where the last match was, to look first after it. */
  let next = before.slices;
  let parsed = 0;
  let read = 0;
  let reused = before.slices;
  let moved = 0;
  /** Whether the loop stopped where the slices after the edit start. */
  let reachedAfter = false;
  /** Where the runs from index `i` on end: at the start of the next run, or of the text. */
  const endOf = (i: number): number => (i < runs.length ? runs.at(i)! : text.length);
  /** The index of the last version's slice not taken yet that the edit left whole and moved to `start`, or -1. */
  const untakenNowAt = (start: number): number => {
    const from = basis.change === undefined ? undefined : oldStartOf(basis.change, start, start);
    return from === undefined ? -1 : untakenAt(from, next);
  };
  const valuesFirst = fastPaths && options?.valuesFirst === true;
  /**
   * How much text the runs of small documents read for their values are read together in (see
   * below): a quarter as much after an attempt that stopped in its first run, twice as much after
   * one that did not, between MIN_GROUPED_LENGTH and MAX_GROUPED_LENGTH characters.
   */
  let groupLength = MAX_GROUPED_LENGTH;
  /** Whether the last slice parsed was read for its values (see below). */
  let grouping = true;
  /** The run where the last attempt stopped, after the runs it read (see below). */
  let notPlainRun = -1;
  /**
   * The index of the run after those from run `i` (at `start`) that are read together: up to
   * {@link groupLength} characters, and up to where a slice of the last version starts that the
   * loop may take over.
   */
  const groupEnd = (i: number, start: number): number => {
    let after = i + 1;
    const free = (k: number): boolean => endOf(k) !== edge?.after?.start && untakenNowAt(endOf(k)) === -1;
    while (after < runs.length && endOf(after + 1) - start <= groupLength && free(after)) after++;
    return after;
  };
  for (let i = before.run; i < runs.length; i++) {
    const start = runs.at(i)!;
    if (start === edge?.after?.start) {
      reachedAfter = true;
      break;
    }
    let slice: Slice | undefined;
    /** The index of the run after the slice (`runs.length` where it ends the file). */
    let after = i + 1;
    // The last version's slice of the same text: where this one is, if it is before the change,
    // or that far before, if after it, ending where a run starts (it may hold several). A run that
    // ends the file parses differently from one that another run follows.
    const at = untakenNowAt(start);
    const match = old[at];
    if (match !== undefined && oldStartOf(basis.change!, start, start + match.length) !== undefined) {
      const end = start + match.length;
      const endRun = end === text.length ? runs.length : runs.startingBy(end) - 1;
      if (endRun > i && endOf(endRun) === end && match.last === (endRun === runs.length)) {
        taken[at] = 1;
        next = at + 1;
        if (match.start === start) reused++;
        else moved++;
        slice = match;
        after = endRun;
      }
    }
    // Small documents read for their values are read together (parseDocumentsForValues). Where a
    // run holds a document that is not plain, the runs before it are read together, it is parsed
    // on its own, and the runs after it are read together again: cut at every run, a file with
    // such a document every 20 took 5.2 s to open rather than 1.3, and kept a slice each.
    // Where documents that are not plain come one after another, none is tried from a run where an
    // attempt stopped, nor right after one that was not read for its values, and the attempts are
    // made shorter: a file of 100,000 documents of flow mappings took 7.6 -> 10 s with an attempt of
    // 4 KB at each run.
    const tryGroup = valuesFirst && grouping && slice === undefined && i !== notPlainRun;
    for (let group = tryGroup ? groupEnd(i, start) : 0; group > i + 1;) {
      const grouped = parseDocumentsForValues(partOf(text, start, endOf(group)), frame, start, endOf(group), group === runs.length);
      if (typeof grouped === 'number') {
        const stoppedIn = runs.startingBy(grouped) - 1;
        if (stoppedIn <= i) groupLength = Math.max(MIN_GROUPED_LENGTH, groupLength >> 2);
        else notPlainRun = stoppedIn;
        group = Math.min(group - 1, stoppedIn);
        continue;
      }
      groupLength = Math.min(MAX_GROUPED_LENGTH, groupLength * 2);
      slice = grouped;
      after = group;
      parsed++;
      read += grouped.length;
      break;
    }
    const last = after === runs.length;
    const end = endOf(after);
    if (slice === undefined) {
      slice = parseSlice(
        partOf(text, start, end),
        frame,
        start,
        end,
        last,
        fastPaths ? idsToUpdate(start, end) : undefined,
        basis.change,
        fastPaths,
        options?.valuesFirst === true,
      );
      parsed++;
      read += end - start;
      grouping = slice.readForValues;
      // A slice whose parse depends on its neighbours is parsed again together with them. (An
      // unclosed quote: the lexer looks for the closing quote in the rest of the file and, when
      // there is none, runs the scalar over the following `---` lines.) A slice taken over passed
      // these checks where it is: a run that depends on its neighbours is kept merged with them.
      // A run that has been merged already and must be merged again takes the rest of the file with
      // it: merged one at a time, a file whose every document has such a dependency had its growing
      // run parsed again for each document.
      if (slice.dependsOn.has('previous') && i > 0) {
        let from: number;
        if (made.length > 0) {
          from = made.pop()!.start;
        } else {
          // (One of those taken over before the edit, together: it may be several runs merged.)
          before.slices--;
          const popped = old[before.slices]!;
          before.documents -= popped.count;
          reused--;
          from = popped.start;
        }
        let at = i - 1;
        while (runs.at(at) !== from) at--;
        if (from === merged) runs.keep(at + 1);
        else runs.remove(at + 1, i - at);
        merged = from;
        i = at - 1;
        continue;
      }
      if (slice.dependsOn.has('rest') && !last) {
        runs.keep(i + 1);
        i--;
        continue;
      }
      if (slice.dependsOn.has('next') && !last) {
        if (start === merged) runs.keep(i + 1);
        else runs.remove(i + 1, 1);
        merged = start;
        i--;
        continue;
      }
    }
    // (Placed where it starts, its documents' indexes set below.)
    slice.moveTo(start, slice.firstDocument);
    made.push(slice);
    i = after - 1;
  }
  const after = reachedAfter ? edge!.after : undefined;
  if (after !== undefined) {
    if (after.start === old[after.slice]!.start) reused += old.length - after.slice;
    else moved += old.length - after.slice;
  }
  // The indexes of the documents of the slices the loop made, and their stream errors.
  let madeDocuments = 0;
  const streamErrors: YAMLError[] = [];
  for (const slice of made) {
    slice.moveTo(slice.start, before.documents + madeDocuments);
    madeDocuments += slice.count;
    pushAll(streamErrors, slice.streamErrors);
  }
  // Those taken over before and after the edit stay where they are in the list; the others go.
  spliceIn(old, before.slices, (after?.slice ?? old.length) - before.slices, made);
  // The text as given, not the string the first parse read: a ChunkedText drops that string when
  // its documents are dropped (ParsedFile.dropDocuments), and the frame would keep it.
  frame.text = source;
  frame.length = text.length;
  frame.documents = before.documents + madeDocuments + (after === undefined ? 0 : oldDocuments - after.documents);
  frame.firstFromEnd = after === undefined ? old.length : before.slices + made.length;
  const history = previous?.history ?? new DocumentHistory();
  const version = previous === undefined ? 0 : history.next({ prefix: before.documents, suffix: after === undefined ? 0 : oldDocuments - after.documents });
  return new ParsedFile(
    source,
    new DocumentList(old, frame),
    streamErrors,
    old,
    {
      slices: old.length,
      parsed,
      reused,
      moved,
      read,
    },
    { source, markers: basis.markers, fastPaths, frame },
    history,
    version,
    basis.change,
  );
}

/**
 * Makes the slices from index `split` on keep their place from the end of the file, and those
 * before it from the start. Only those between the last version's split (FileFrame.firstFromEnd,
 * set anew once the parse is done) and this one change: typing in one place changes none.
 */
function placeFromEnd(slices: readonly Slice[], frame: FileFrame, split: number): void {
  for (let i = frame.firstFromEnd; i < split; i++) slices[i]!.keepFromStart();
  for (let i = split; i < Math.min(frame.firstFromEnd, slices.length); i++) slices[i]!.keepFromEnd();
}

/** The slices of the last version an edit cannot have touched (see {@link untouched}). */
interface Untouched {
  /** The first `slices` slices (holding the first `documents` documents), which end where run number `run` starts. */
  readonly before: { slices: number; documents: number; run: number };
  /** The slices from number `slice` on (from document number `documents`), which start at `start` in the new text; none after the edit. */
  readonly after: { readonly slice: number; readonly documents: number; readonly start: number } | undefined;
}

/**
 * The slices of `previous` the edit cannot have touched: before it, those that end before the
 * lines whose markers it may have changed (see updateMarkerLines), each a run of the new text or
 * runs read together for their values (the last of them is not a merge of several: a run parsed
 * after them may merge with it); after it, those that start after its end (moved by it). The rest
 * are for the loop over the runs. Only for a file whose text outside documents has no errors (its
 * slices each hold a document).
 */
function untouched(previous: ParsedFile, runs: Runs, change: TextChange): Untouched | undefined {
  const old = previous.slices;
  if (old.length < 2 || previous.streamErrors.length > 0) return undefined;
  let slices = lastEndingBefore(old, change.start - 4) + 1;
  let run = 0;
  while (slices > 0) {
    const last = old[slices - 1]!;
    // (Small documents read together for their values are several runs, not a merge.)
    run = last.readForValues ? runs.startingBy(last.end) - 1 : runs.startingBy(last.start);
    if (runs.at(run) === last.end) break;
    slices--;
  }
  if (slices === 0) run = 0;
  const afterIndex = lastStartingBy(old, change.oldEnd) + 1;
  const first = old[afterIndex];
  return {
    before: { slices, documents: documentsBefore(previous, old[slices]), run },
    after: first === undefined ? undefined : { slice: afterIndex, documents: first.firstDocument, start: first.start + change.newEnd - change.oldEnd },
  };
}

/** How many documents of `previous` are before `slice` (all, without one). */
function documentsBefore(previous: ParsedFile, slice: Slice | undefined): number {
  return slice === undefined ? previous.documents.length : slice.firstDocument;
}

/** Index of the last of `slices` (in order) that ends before `offset`; -1 if none does. */
function lastEndingBefore(slices: readonly Slice[], offset: number): number {
  return leadingCount(slices, (slice) => slice.end < offset) - 1;
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
  return leadingCount(slices, (slice) => slice.start <= offset) - 1;
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
  previous: Pick<FileBasis, 'source' | 'markers'> | undefined,
  known: TextChange | undefined,
): Pick<FileBasis, 'source' | 'markers'> & { change?: TextChange } {
  if (previous === undefined) return { source, markers: markerLines(source) };
  let change = known;
  if (change === undefined || !fitsLengths(change, previous.source.length, source.length)) {
    const { prefix, suffix } = commonEnds(flat(previous.source), flat(source));
    change = { start: prefix, oldEnd: previous.source.length - suffix, newEnd: source.length - suffix };
  }
  return { source, markers: updateMarkerLines(previous.markers, source, change), change };
}
