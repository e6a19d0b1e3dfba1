// Where a diagnostic points in the file: its document and the path of the node it is about. Read
// from the diagnostic's `document` and `path` when it still has them, else found again from its
// range, since diagnostics may come back from the editor without them.

import { isSeq } from 'yaml';
import type { OffsetRange, ParsedDocument } from '../yaml/parsedDocument';
import type { ParsedFile } from '../yaml/parsedFile';
import { nodeAtPath, pathAtOffset } from '../yaml/nodes';
import { decodeJsonPointer, type PathSegment } from '../paths';
import type { DiagnosticLike } from './codeActionTypes';

export interface Target {
  readonly doc: ParsedDocument;
  /** Path of the node the diagnostic is about. */
  readonly path: PathSegment[];
  /** Offsets of the diagnostic's range. */
  readonly range: OffsetRange;
}

/** The document and path a diagnostic is about: from its `document`/`path`, else from its range. */
export function locate(file: ParsedFile, d: DiagnosticLike): Target | undefined {
  const start = file.offsetAt(d.range.start);
  const end = file.offsetAt(d.range.end);
  const doc = d.document !== undefined ? file.documents.get(d.document) : file.documentAt(start);
  if (doc === undefined) return undefined;
  let path: PathSegment[] | undefined;
  if (typeof d.path === 'string') {
    path = typedPath(doc, d.path);
  }
  if (path === undefined) {
    const found = pathAtOffset(doc.document, start);
    path = found?.path ?? [];
  }
  return { doc, path, range: { start, end } };
}

/** A JSON pointer as a path, with sequence indexes as numbers (read from the AST, not the value). */
function typedPath(doc: ParsedDocument, pointer: string): PathSegment[] | undefined {
  let segments: string[];
  try {
    segments = decodeJsonPointer(pointer);
  } catch {
    return undefined;
  }
  const path: PathSegment[] = [];
  for (const s of segments) {
    const here = path.length === 0 ? doc.document.contents : nodeAtPath(doc.document, path)?.value;
    path.push(isSeq(here) && /^\d+$/.test(s) ? Number(s) : s);
  }
  return path;
}
