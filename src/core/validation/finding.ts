// A problem found by a checker, before it has a position: which node it is about and how to place
// it. Positions are computed only for findings (never for every node), so a valid document of
// 100,000 ids costs no position work at all.

import { isNode, type Node } from 'yaml';
import type { DiagnosticData, Range } from '../diagnostic';
import { deepestNodeAtPath, firstKey, nodeRange } from '../yaml/nodes';
import type { OffsetRange, ParsedDocument } from '../yaml/parsedDocument';
import type { ParsedFile } from '../yaml/parsedFile';
import type { PathSegment } from '../paths';
import type { DiagnosticCode } from './codes';

/**
 * Where a finding is shown:
 * - `value`: on the value at `path` (the usual place);
 * - `key`: on the key of the entry at `path` (an unknown property);
 * - `parent-key`: `path` does not exist; shown on the key of its parent (a missing property), or,
 *   for the document root and list items, on the parent mapping's first key;
 * - `offsets`: on the given offsets (YAML syntax errors).
 */
export type Anchor = 'value' | 'key' | 'parent-key' | 'offsets';

export interface Finding {
  readonly code: DiagnosticCode;
  readonly message: string;
  /** Path of the node the finding is about (for a missing property: where it would be). */
  readonly path: readonly PathSegment[];
  readonly anchor: Anchor;
  /** For the `offsets` anchor. */
  readonly offsets?: OffsetRange;
  readonly data?: DiagnosticData;
  /** How many more findings of this code, after this one, the check did not make (it was given a cap: see ruleFindings). */
  readonly omittedAfter?: number;
}

/**
 * The range of a node as shown: from its start to its end, but never past the end of its first
 * line (a list or mapping value is marked on its first line, not over every line it spans), and
 * without trailing white space.
 */
export function displayRange(file: ParsedFile, start: number, end: number): Range {
  const at = file.lineAt(start);
  const from = { line: at.line, character: at.character };
  let to = Math.max(end, start);
  // (Only a range that reaches its line's break is cut at the line's end: most are a word.)
  if (to > at.next - 2) to = Math.min(to, file.lineEnd(from.line));
  const text = file.source;
  let trimmed = to;
  while (trimmed > start && isTrailingSpace(text.charCodeAt(trimmed - 1))) {
    trimmed--;
  }
  if (trimmed > start) {
    to = trimmed; // (a range of only white space, such as a tab indentation, is kept as it is)
  }
  return { start: from, end: { line: from.line, character: from.character + (to - start) } };
}

function isTrailingSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d;
}

function rangeOfNode(file: ParsedFile, node: Node | null | undefined): Range | undefined {
  const r = nodeRange(node);
  if (r === undefined || r.end <= r.start) {
    return undefined;
  }
  return displayRange(file, r.start, r.end);
}

/**
 * Where a document is shown when nothing more precise exists: its first content line, or its
 * `---` line, or the first line of the file.
 */
export function documentRange(file: ParsedFile, doc: ParsedDocument | undefined): Range {
  if (doc !== undefined) {
    const contents = doc.document.contents;
    const r = isNode(contents) ? nodeRange(contents) : undefined;
    if (r !== undefined && r.end > r.start) {
      return displayRange(file, r.start, r.end);
    }
    const start = doc.start;
    const marker = file.source.startsWith('---', start) ? start + 3 : file.lineEnd(file.positionAt(start).line);
    return displayRange(file, start, marker);
  }
  return displayRange(file, 0, file.lineEnd(0));
}

/**
 * The offsets of the id a finding is about, where it is on an id of a long list's spans (a repeat,
 * an id read as a number): found without making its node.
 */
export function idOffsets(doc: ParsedDocument, finding: Finding): OffsetRange | undefined {
  const path = finding.path;
  return finding.anchor === 'value' && path.length === 2 && path[0] === 'ids' && typeof path[1] === 'number' ? doc.longIdsList?.valueRange(path[1]) : undefined;
}

/**
 * Whether `range` is still where {@link displayRange} puts `[start, end)` of one line: the same
 * start, and an end it would not cut (before the line's break, on no trailing white space). Asks
 * the line index for one line start, and makes nothing: a file with a thousand findings on ids
 * placed them all again on every keystroke, most of them where they were.
 */
export function stillDisplayed(file: ParsedFile, range: Range, start: number, end: number): boolean {
  const { line, character } = range.start;
  return (
    range.end.line === line &&
    range.end.character - character === end - start &&
    end > start &&
    file.lineStart(line) + character === start &&
    end <= file.lineEnd(line) &&
    !isTrailingSpace(file.source.charCodeAt(end - 1))
  );
}

/** The range a finding is shown on. */
export function placeFinding(file: ParsedFile, doc: ParsedDocument, finding: Finding): Range {
  if (finding.anchor === 'offsets' && finding.offsets !== undefined) {
    return displayRange(file, finding.offsets.start, finding.offsets.end);
  }
  const id = idOffsets(doc, finding);
  if (id !== undefined) return displayRange(file, id.start, id.end);
  const target = finding.anchor === 'parent-key' ? finding.path.slice(0, -1) : finding.path;
  const { found, depth } = deepestNodeAtPath(doc.document, target);
  const exact = depth === target.length;
  if (exact && finding.anchor === 'key') {
    const r = rangeOfNode(file, found.key);
    if (r !== undefined) {
      return r;
    }
  }
  if (exact && finding.anchor === 'parent-key') {
    // On the parent's key; for the root or a list item, on the mapping's first key.
    const r = rangeOfNode(file, found.key) ?? rangeOfNode(file, firstKey(found.value));
    if (r !== undefined) {
      return r;
    }
  }
  // On the value; an empty value (`name:` with nothing after it) is shown on its key, an empty list
  // item (`-` with nothing after it) on its dash.
  return rangeOfNode(file, found.value) ?? rangeOfNode(file, found.key) ?? emptyItemRange(file, found.value) ?? documentRange(file, doc);
}

/** The `-` of an empty block list item, whose value has no width to show. */
function emptyItemRange(file: ParsedFile, node: Node | null | undefined): Range | undefined {
  const at = nodeRange(node)?.start;
  if (at === undefined) return undefined;
  const lineStart = file.offsetAt({ line: file.positionAt(at).line, character: 0 });
  let dash = at - 1;
  while (dash >= lineStart && file.source.charCodeAt(dash) !== 0x2d /* - */) dash--;
  return dash >= lineStart ? displayRange(file, dash, dash + 1) : undefined;
}
