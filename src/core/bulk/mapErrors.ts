// What the service said, put back onto the YAML: the 400 field errors of a request on
// the nodes they name, and the rejected ids of a custom 404 on each of their items.
//
// Placement of a 400 error with path P (a path in the request body, as the client flattens it):
// - P exists in the document: on its value when that is a scalar; on its key when the value is
//   a list or mapping (a one-line mark instead of a many-line one); on the first line of a list
//   item that is a mapping.
// - `ids[i]`: `i` indexes the ids of the request that got the answer (a chunk), not the document;
//   with `chunkIds` the error lands on every item of that id in the document, else on `ids`.
// - P does not exist (a required field left out, a path the service made up): on the nearest
//   existing ancestor (its key, or its first line), the message naming the full field.
// - `[]` (`non_field_errors` of the body): on the first line of the document.

import { sameRange, type CoreDiagnostic } from '../diagnostic';
import { isCollection } from 'yaml';
import { encodeJsonPointer, formatFieldPath, type PathSegment } from '../paths';
import { deepestNodeAtPath, type NodeAtPath, type OffsetRange, type ParsedDocument, type ParsedFile } from '../yaml';
import type { FlatFieldError } from '../serviceContract';
import { idItemsHolding } from './ids';

export const SERVICE_VALIDATION_CODE = 'service-validation';
export const INVALID_ID_CODE = 'invalid-id';

export interface MapErrorsOptions {
  /** The ids of the request that got the 400, in the order sent (`FailedGroup.chunkIds`). */
  readonly chunkIds?: readonly string[];
}

/**
 * The service's 400 field errors as diagnostics on document `documentIndex` (code
 * `service-validation`, severity error; the caller sets the source). Duplicates (same range and
 * message) are dropped.
 */
export function mapValidationErrors(
  file: ParsedFile,
  documentIndex: number,
  errors: readonly FlatFieldError[],
  options: MapErrorsOptions = {},
): CoreDiagnostic[] {
  const doc = file.documents.get(documentIndex);
  if (doc === undefined) return [];
  const out: CoreDiagnostic[] = [];
  const seen = new Set<string>();
  const push = (
    range: OffsetRange,
    path: readonly PathSegment[],
    message: string,
    servicePath: readonly (string | number)[],
    messages: readonly string[],
  ): void => {
    const key = `${range.start}:${range.end}:${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({
      severity: 'error',
      code: SERVICE_VALIDATION_CODE,
      message,
      document: documentIndex,
      path: encodeJsonPointer(path),
      range: file.rangeOf(range),
      data: { servicePath: formatFieldPath(servicePath), messages: [...messages] },
    });
  };

  for (const error of errors) {
    const messages = error.messages.filter((m) => typeof m === 'string' && m.trim() !== '');
    const text = messages.length > 0 ? messages.map((m) => m.trim()).join(' ') : 'no reason given.';
    const path = [...error.path];
    const field = formatFieldPath(path);

    if (path.length === 0) {
      push(firstLine(file, doc), [], `The service rejected the request: ${text}`, path, messages);
      continue;
    }

    // ids[i] of the request -> the document's items holding that id.
    if (path[0] === 'ids' && path.length >= 2 && typeof path[1] === 'number' && options.chunkIds !== undefined) {
      const id = options.chunkIds[path[1]];
      const items = id === undefined ? [] : idItemsHolding(doc, new Set([id]));
      if (items.length > 0) {
        for (const item of items) {
          push(item.range, ['ids', item.index], `The service rejected target id \`${id}\`: ${text}`, path, messages);
        }
        continue;
      }
      path.splice(1); // fall back to `ids` itself
    } else if (path[0] === 'ids' && path.length >= 2 && typeof path[1] === 'number') {
      path.splice(1); // an index into the request's ids, not the document's
    }

    const { found, depth } = deepestNodeAtPath(doc.document, path);
    const foundPath = path.slice(0, depth);
    if (depth === path.length) {
      push(placeOf(file, doc, found), foundPath, `The service rejected \`${field}\`: ${text}`, error.path, messages);
    } else {
      const where = depth === 0 ? 'the document' : `\`${formatFieldPath(foundPath)}\``;
      push(
        placeOf(file, doc, found),
        foundPath,
        `The service rejected \`${field}\`, which is not in this document (shown on ${where}): ${text}`,
        error.path,
        messages,
      );
    }
  }
  return out;
}

/**
 * One Error diagnostic (code `invalid-id`) per occurrence of each rejected id in the `ids` of
 * document `documentIndex`, on the item itself: the first `max` of them. Of `previous` (those made
 * on the document's last parse, in item order), each one that comes out the same (its item, id
 * and range) is used again: a keystroke after a run that rejected a thousand ids makes only those
 * it moved, and the client is told "unchanged" at the cost of comparing the same objects.
 */
export function invalidIdDiagnostics(
  file: ParsedFile,
  documentIndex: number,
  rejected: ReadonlySet<string>,
  max = Infinity,
  previous: readonly CoreDiagnostic[] = [],
): CoreDiagnostic[] {
  const doc = file.documents.get(documentIndex);
  if (doc === undefined) return [];
  if (rejected.size === 0) return [];
  const out: CoreDiagnostic[] = [];
  let p = 0;
  for (const item of idItemsHolding(doc, rejected, max)) {
    const range = file.rangeOf(item.range);
    while (p < previous.length && (previous[p]!.data?.index as number) < item.index) p++;
    const last = previous[p];
    if (
      last !== undefined &&
      last.document === documentIndex &&
      last.data?.index === item.index &&
      last.data.id === item.value &&
      sameRange(last.range, range)
    ) {
      out.push(last);
      continue;
    }
    out.push({
      severity: 'error',
      code: INVALID_ID_CODE,
      message: `Target id \`${item.value}\` was rejected by the service (invalid_ids): no target of the account has this id. Correct it or remove it.`,
      document: documentIndex,
      path: encodeJsonPointer(['ids', item.index]),
      range,
      data: { id: item.value, index: item.index },
    });
  }
  return out;
}

/** Where a found node's diagnostic goes (see the file comment). */
function placeOf(file: ParsedFile, doc: ParsedDocument, found: NodeAtPath): OffsetRange {
  const value = found.value;
  if (value !== null && !isCollection(value) && found.valueRange !== undefined && found.valueRange.end > found.valueRange.start) {
    return found.valueRange;
  }
  if (found.keyRange !== undefined) {
    return found.keyRange;
  }
  if (found.valueRange !== undefined && found.parent !== null) {
    return lineOf(file, found.valueRange);
  }
  return firstLine(file, doc);
}

/** The first line of the document's content (its root node), trimmed. */
function firstLine(file: ParsedFile, doc: ParsedDocument): OffsetRange {
  const contents = doc.document.contents as { range?: number[] } | null;
  const start = contents?.range?.[0] ?? doc.start;
  const end = contents?.range?.[1] ?? doc.end;
  return lineOf(file, { start, end });
}

/** From `range.start` to the end of its line (not beyond the range), trailing spaces excluded. */
function lineOf(file: ParsedFile, range: OffsetRange): OffsetRange {
  const line = file.positionAt(range.start).line;
  let end = Math.min(file.lineEnd(line), Math.max(range.end, range.start));
  while (end > range.start && /\s/.test(file.text.charAt(end - 1))) end--;
  return { start: range.start, end };
}

/**
 * Every diagnostic a run's outcome puts on its document: `invalid-id` on each rejected id, and
 * `service-validation` for each 400 answer (mapped with that request's ids).
 */
export function outcomeDiagnostics(
  file: ParsedFile,
  documentIndex: number,
  outcome: {
    readonly invalid: readonly string[];
    readonly failed: readonly { readonly fieldErrors?: readonly FlatFieldError[]; readonly chunkIds?: readonly string[] }[];
  },
): CoreDiagnostic[] {
  const out = invalidIdDiagnostics(file, documentIndex, new Set(outcome.invalid));
  const seen = new Set<string>();
  for (const group of outcome.failed) {
    if (group.fieldErrors === undefined) continue;
    for (const d of mapValidationErrors(file, documentIndex, group.fieldErrors, { chunkIds: group.chunkIds })) {
      const key = `${d.range.start.line}:${d.range.start.character}:${d.range.end.line}:${d.range.end.character}:${d.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(d);
    }
  }
  return out;
}
