// Text edits on a parsed target-settings file, as plain data: `[start, end)` offsets into the file
// text (0-based UTF-16, what VS Code's `document.positionAt` takes) and the replacement text. The
// editor adapter turns them into a vscode.WorkspaceEdit; tests apply them with `applyEdits`.
//
// `removeSequenceItemsEdits` is shared: duplicate-id quick fixes use it here, and the bulk update
// uses it for "remove invalid id(s)".

import { isSeq } from 'yaml';
import type { OffsetRange } from '../yaml/parsedDocument';
import type { ParsedFile } from '../yaml/parsedFile';
import type { Text } from '../yaml/text';
import { collectionItems, itemEnd, itemStart, nodeAtPath, type CollectionItems } from '../yaml/nodes';
import type { YamlPath } from '../paths';

/** Replace the text in `range` (offsets into the file text) with `newText`. */
export interface OffsetEdit {
  readonly range: OffsetRange;
  readonly newText: string;
}

/** The line break the file uses (the first one found: `\n`, `\r\n` or a lone `\r`), `\n` for a file without one. */
export function eolOf(text: Text): '\n' | '\r\n' | '\r' {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) return '\n';
    if (c === 0x0d) return text.charCodeAt(i + 1) === 0x0a ? '\r\n' : '\r';
  }
  return '\n';
}

/** 0-based line of an offset. */
export function lineOf(file: ParsedFile, offset: number): number {
  return file.positionAt(offset).line;
}

/** True when the line has a line break after it (it is not the last line of the text). */
function hasLineBreakAfter(file: ParsedFile, line: number): boolean {
  return line < file.lineCount - 1;
}

/** The text of a line without its trailing comment (a `#` at the start or after whitespace). */
function stripComment(line: string): string {
  // Good enough for the part of a line before a sequence item: no quotes can occur there.
  const hash = line.search(/(?<=^|\s)#/);
  return hash === -1 ? line : line.slice(0, hash);
}

/** A dash that ends what comes before a value, then the value's tag and anchor if any (`- !!str &a`), those in group 1. */
const DASH_THEN_PROPS = /(?:^|\s)-((?:[ \t]+[!&]\S*)*)$/;

/**
 * Offset of the `-` indicator of a block sequence item whose value starts at `valueStart` (after
 * its tag and anchor, as a node's range starts): on the same line before the value, or on an
 * earlier line (`-` alone, or `- # comment`, then the value below). `undefined` when it cannot be
 * found.
 */
export function dashOffset(file: ParsedFile, valueStart: number): number | undefined {
  let line = lineOf(file, valueStart);
  let end = valueStart;
  for (;;) {
    const start = file.lineStart(line);
    const before = stripComment(file.source.slice(start, end)).replace(/\s+$/, '');
    if (before.length > 0) {
      const props = DASH_THEN_PROPS.exec(before)?.[1];
      return props === undefined ? undefined : start + before.length - props.length - 1;
    }
    if (line === 0) {
      return undefined;
    }
    line -= 1;
    end = file.lineEnd(line);
  }
}

/**
 * Edits that remove the items at `indexes` from the sequence at `path` in document
 * `documentIndex` of `file` (e.g. `['ids']`), leaving the other items, their comments and the
 * layout untouched:
 *
 * - block sequence: the whole lines of each removed item (its `- ` line through the last line of
 *   its value, with a comment on those lines); comment lines between items stay. Removing the last
 *   line of a file that has no final line break also removes the line break before it, so no
 *   line break is added. Removing every item leaves `key: []`, so the value stays a list.
 * - flow sequence (`[a, b, a]`): the item with the comma and space that separated it.
 *
 * Indexes out of range and repeated indexes are ignored. Works with `\n` and `\r\n` files.
 *
 * @returns the edits (sorted, non-overlapping), `[]` when there is nothing to remove, the path is
 *   not a sequence, or the layout is one this function does not rewrite (a nested sequence that
 *   starts on its parent's `- ` line, as in `- - a`).
 */
export function removeSequenceItemsEdits(file: ParsedFile, documentIndex: number, path: YamlPath, indexes: Iterable<number>): OffsetEdit[] {
  const doc = file.documents.get(documentIndex);
  if (doc === undefined) {
    return [];
  }
  const found = nodeAtPath(doc.document, path);
  const seq = found?.value;
  if (!isSeq(seq)) {
    return [];
  }
  // Only the removed items and their neighbours are looked at: of a long `ids` list, only those are made.
  const items = collectionItems(seq);
  const remove = [...new Set(indexes)].filter((i) => Number.isInteger(i) && i >= 0 && i < items.length).sort((a, b) => a - b);
  if (remove.length === 0) {
    return [];
  }
  return seq.flow ? removeFlowItems(items, remove) : removeBlockItems(file, items, remove, found?.keyRange?.end);
}

/** Runs of consecutive indexes (sorted, distinct): `[first, last]` of each. */
function runsOf(sorted: readonly number[]): [first: number, last: number][] {
  const runs: [number, number][] = [];
  for (const i of sorted) {
    const run = runs.at(-1);
    if (run !== undefined && run[1] === i - 1) run[1] = i;
    else runs.push([i, i]);
  }
  return runs;
}

function removeFlowItems(items: CollectionItems, remove: readonly number[]): OffsetEdit[] {
  const edits: OffsetEdit[] = [];
  for (const [first, last] of runsOf(remove)) {
    const next = last + 1 < items.length ? last + 1 : undefined;
    const prev = first > 0 ? first - 1 : undefined;
    let start: number | undefined;
    let end: number | undefined;
    if (next !== undefined) {
      start = itemStart(items.at(first));
      end = itemStart(items.at(next));
    } else if (prev !== undefined) {
      start = itemEnd(items.at(prev));
      end = itemEnd(items.at(last));
    } else {
      start = itemStart(items.at(first));
      end = itemEnd(items.at(last));
    }
    if (start === undefined || end === undefined || end < start) {
      return [];
    }
    edits.push({ range: { start, end }, newText: '' });
  }
  return edits;
}

interface BlockItem {
  /** Line of its `-`. */
  dashLine: number;
  /** Last line of its value. */
  lastLine: number;
}

/** Where a block item's lines are, `undefined` when it has no range or shares its dash line with its parent's (`- - a`). */
function locateBlockItem(file: ParsedFile, item: unknown): BlockItem | undefined {
  const start = itemStart(item);
  const end = itemEnd(item);
  if (start === undefined || end === undefined) {
    return undefined;
  }
  const dash = dashOffset(file, start);
  if (dash === undefined) {
    return undefined;
  }
  const dashLine = lineOf(file, dash);
  if (file.source.slice(file.lineStart(dashLine), dash).trim() !== '') {
    return undefined; // a compact nested sequence: its first item shares a line with the parent's dash
  }
  return { dashLine, lastLine: Math.max(dashLine, lineOf(file, end > start ? end - 1 : end)) };
}

function removeBlockItems(file: ParsedFile, items: CollectionItems, remove: readonly number[], parentKeyEnd: number | undefined): OffsetEdit[] {
  const text = file.source;
  // A run of removed items on consecutive lines becomes one edit.
  const runs: { first: BlockItem; last: BlockItem }[] = [];
  let previous = -2;
  for (const i of remove) {
    const item = locateBlockItem(file, items.at(i));
    if (item === undefined) {
      return [];
    }
    const run = runs.at(-1);
    if (run !== undefined && previous === i - 1 && item.dashLine === run.last.lastLine + 1) {
      run.last = item;
    } else {
      runs.push({ first: item, last: item });
    }
    previous = i;
  }
  const edits: OffsetEdit[] = [];
  for (const { first, last } of runs) {
    if (hasLineBreakAfter(file, last.lastLine)) {
      edits.push({ range: { start: file.lineStart(first.dashLine), end: file.lineStart(last.lastLine + 1) }, newText: '' });
    } else if (first.dashLine > 0) {
      // The last line of the file, without a final line break: take the break before it instead.
      edits.push({ range: { start: file.lineEnd(first.dashLine - 1), end: text.length }, newText: '' });
    } else {
      edits.push({ range: { start: 0, end: text.length }, newText: '' });
    }
  }

  const firstItem = runs[0]?.first;
  const lastItem = runs.at(-1)?.last;
  if (remove.length === items.length && firstItem !== undefined && lastItem !== undefined) {
    // Keep the value a (now empty) list: `ids: []`.
    const colon = parentKeyEnd === undefined ? -1 : text.indexOf(':', parentKeyEnd);
    const [firstEdit] = edits;
    if (colon !== -1 && lineOf(file, colon) < firstItem.dashLine) {
      edits.push({ range: { start: colon + 1, end: colon + 1 }, newText: ' []' });
    } else if (firstEdit !== undefined && firstEdit.range.start === file.lineStart(firstItem.dashLine)) {
      // A sequence at the document root, or `key:` on the same line as the first dash.
      const indent = /^[ ]*/.exec(text.slice(file.lineStart(firstItem.dashLine)))?.[0] ?? '';
      const lineBreak = hasLineBreakAfter(file, lastItem.lastLine) ? eolOf(text) : '';
      edits[0] = { range: firstEdit.range, newText: `${indent}[]${lineBreak}` };
    }
  }
  return mergeAdjacent(edits);
}

/** Sorts edits and joins pure deletions that touch, so VS Code gets the fewest edits. */
function mergeAdjacent(edits: OffsetEdit[]): OffsetEdit[] {
  const sorted = [...edits].sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
  const out: OffsetEdit[] = [];
  for (const e of sorted) {
    const prev = out[out.length - 1];
    if (prev !== undefined && prev.newText === '' && e.newText === '' && prev.range.end === e.range.start) {
      out[out.length - 1] = { range: { start: prev.range.start, end: e.range.end }, newText: '' };
    } else {
      out.push(e);
    }
  }
  return out;
}
