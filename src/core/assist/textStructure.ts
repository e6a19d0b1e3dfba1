// The block structure around a line, read from the text by indentation and cached per parse: the
// path of the mapping or sequence a key or `-` belongs to, a sequence item's index, a mapping's keys.
// Kept apart from cursorContext.ts, which turns it into a completion context, because hover walks
// the same structure; upward scans jump over the long list (`ids`) instead of reading each line.

import { isNode, isPair, isSeq } from 'yaml';
import type { ParsedDocument } from '../yaml/parsedDocument';
import type { ParsedFile } from '../yaml/parsedFile';
import { collectionItems, nodeAtPath } from '../yaml/nodes';
import type { PathSegment } from '../paths';
import { LONG_LINE, lineShape, type LineShape } from './lineShape';

const structures = new WeakMap<ParsedFile, Map<number, TextStructure>>();

/** The structure around an offset, by indentation. */
export class TextStructure {
  /** The structure of one document of a parse, shared by the requests on that version. */
  static of(file: ParsedFile, document: ParsedDocument | undefined): TextStructure {
    let byDocument = structures.get(file);
    if (byDocument === undefined) {
      byDocument = new Map();
      structures.set(file, byDocument);
    }
    const index = document?.index ?? -1;
    let structure = byDocument.get(index);
    if (structure === undefined) {
      structure = new TextStructure(file, document);
      byDocument.set(index, structure);
    }
    return structure;
  }

  private readonly shapes = new Map<number, LineShape>();
  readonly firstLine: number;
  readonly lastLine: number;

  constructor(
    readonly file: ParsedFile,
    readonly document: ParsedDocument | undefined,
  ) {
    if (document === undefined) {
      this.firstLine = 0;
      this.lastLine = file.lineCount - 1;
    } else {
      this.firstLine = file.positionAt(document.start).line;
      const next = file.documents.get(document.index + 1);
      this.lastLine = next === undefined ? file.lineCount - 1 : Math.max(this.firstLine, file.positionAt(next.start).line - 1);
    }
  }

  /**
   * The line's text as far as {@link lineShape} reads it (its indentation, then {@link LONG_LINE}
   * characters): a megabyte-long line (a flow list of ids) is not cut out whole.
   */
  private lineHead(line: number): string {
    const text = this.file.source;
    const start = this.file.lineStart(line);
    const end = this.file.lineEnd(line);
    let i = start;
    while (i < end && text.charCodeAt(i) === 0x20) i++;
    return text.slice(start, Math.min(end, i + LONG_LINE));
  }

  lineText(line: number): string {
    return this.file.source.slice(this.file.lineStart(line), this.file.lineEnd(line));
  }

  /**
   * True when `line` is blank, a comment, or indented deeper than `column`: nothing there can own
   * or share a position at `column`. Reads characters only (no slicing, no regex), so scanning past
   * a 100,000-line list is cheap.
   */
  skippable(line: number, column: number): boolean {
    const text = this.file.source;
    const end = this.file.lineEnd(line);
    let i = this.file.lineStart(line);
    const start = i;
    while (i < end && text.charCodeAt(i) === 32) i++;
    if (i >= end) return true;
    const c = text.charCodeAt(i);
    if (c === 35 /* # */) return true;
    if (c === 9 /* tab */ || c === 13 /* \r */) return this.shape(line).empty;
    return i - start > column;
  }

  private readonly previous = new Map<number, number>();

  /**
   * The nearest line above `line` (in this document) that is not {@link skippable} at `column`,
   * or `undefined`. Memoized, so the several upward scans of one request walk a long list once.
   */
  prevLine(line: number, column: number): number | undefined {
    const key = line * 65536 + Math.min(column, 65535);
    const known = this.previous.get(key);
    if (known !== undefined) return known < 0 ? undefined : known;
    let k = line - 1;
    while (k >= this.firstLine && this.skippable(k, column)) {
      // Every line of a block list indented deeper than column 0 is skippable there: jump over it.
      k = (column === 0 ? this.firstListLine(k) : undefined) ?? k;
      k--;
    }
    const found = k >= this.firstLine ? k : -1;
    this.previous.set(key, found);
    return found < 0 ? undefined : found;
  }

  shape(line: number): LineShape {
    let s = this.shapes.get(line);
    if (s === undefined) {
      s = lineShape(this.lineHead(line));
      this.shapes.set(line, s);
    }
    return s;
  }

  /** The lines of the document's long list (`ids`), where its dashes are (block lists), and whether all are indented. */
  private listLines: { first: number; last: number; dashColumn: number | undefined; indented: boolean } | null | undefined;

  /**
   * The first line of the document's long list (ParsedDocument.longList: a block list's first item,
   * the line after a flow list's `[`) when `line` is one of its lines, and, when `column` is given,
   * the list's dashes are at that column; else when every line of the list is indented (skippable
   * at column 0). The upward scans jump over the list instead of reading every line of it.
   */
  private firstListLine(line: number, column?: number): number | undefined {
    const ids = this.listLines === undefined ? (this.listLines = this.findListLines()) : this.listLines;
    if (ids === null || line < ids.first || line > ids.last) return undefined;
    return (column === undefined ? ids.indented : ids.dashColumn === column) ? ids.first : undefined;
  }

  private findListLines(): NonNullable<TextStructure['listLines']> | null {
    const seq = this.document?.longList;
    if (seq === undefined || !seq.range) return null;
    if (seq.flow) {
      // The lines between the `[` line and the `]` line: flow content inside a block mapping is indented.
      const first = this.file.positionAt(seq.range[0]).line + 1;
      const last = this.file.positionAt(seq.range[1] - 1).line - 1;
      return first <= last ? { first, last, dashColumn: undefined, indented: true } : null;
    }
    const items = collectionItems(seq);
    const first = itemStartOf(items.at(0));
    const last = itemStartOf(items.at(items.length - 1));
    if (first === undefined || last === undefined) return null;
    const at = this.file.positionAt(first);
    const dash = this.lineText(at.line).indexOf('-');
    if (dash === -1) return null;
    return { first: at.line, last: this.file.positionAt(last).line, dashColumn: dash, indented: dash > 0 };
  }

  /**
   * Path of the collection holding the `index`-th start of `line` (a key: its mapping; a dash: its
   * sequence). `undefined` when the text does not make a valid block structure there (e.g. the
   * position is inside a block scalar).
   */
  containerOf(line: number, index: number, shape = this.shape(line)): PathSegment[] | undefined {
    const start = shape.starts[index];
    if (start === undefined) {
      return undefined;
    }
    const outer = index > 0 ? shape.starts[index - 1] : undefined;
    if (outer !== undefined) {
      if (outer.kind === 'dash') {
        // `- key:` or `- - x`: the collection is the value of the outer item.
        const seqPath = this.containerOf(line, index - 1, shape);
        return seqPath === undefined ? undefined : [...seqPath, this.itemIndex(seqPath, line, outer.column)];
      }
      return undefined;
    }
    return this.containerAbove(line, start.column, start.kind === 'dash');
  }

  /**
   * Path of the collection a node starting at `column` on `line` would belong to, from the lines
   * above it: a key's mapping when `isDash` is false, a sequence when it is true.
   */
  containerAbove(line: number, column: number, isDash: boolean): PathSegment[] | undefined {
    for (let k = this.prevLine(line, column); k !== undefined; k = this.prevLine(k, column)) {
      const shape = this.shape(k);
      if (shape.marker) {
        break;
      }
      const leftmost = shape.starts[0];
      if (leftmost === undefined || leftmost.column > column) {
        continue;
      }
      const at = shape.starts.findIndex((s) => s.column === column);
      const s = shape.starts[at];
      if (s !== undefined) {
        if (isDash) {
          if (s.kind === 'dash') {
            if (at === 0) {
              k = this.firstListLine(k, column) ?? k; // an earlier item of the same sequence
              continue;
            }
            return this.containerOf(k, at, shape);
          }
          if (s.kind === 'key' && isBlockOpener(s.rest)) {
            // A sequence at the same indentation as its key: `ids:\n- a`.
            const parent = this.containerOf(k, at, shape);
            return parent === undefined ? undefined : [...parent, s.key!];
          }
          return undefined;
        }
        if (s.kind === 'key') {
          return at === 0 ? this.containerAbove(k, column, false) : this.containerOf(k, at, shape);
        }
        if (s.kind === 'dash' && at === 0) {
          // A sequence at the indentation of its key, belonging to a sibling key above (or a bare list).
          k = this.firstListLine(k, column) ?? k;
          continue;
        }
        return undefined;
      }
      // The last start left of the column owns the position, and it must be the line's last start.
      const owner = shape.starts.length - 1;
      const o = shape.starts[owner];
      if (o === undefined || o.column >= column) {
        return undefined; // something else sits on the line between the owner and the column
      }
      if (o.kind === 'key') {
        if (!isBlockOpener(o.rest)) {
          return undefined; // `key: value` (or a block scalar): nothing nests under it
        }
        const parent = this.containerOf(k, owner, shape);
        return parent === undefined ? undefined : [...parent, o.key!];
      }
      if (o.kind === 'dash') {
        // A bare `-` with its item on the following lines.
        const seqPath = this.containerOf(k, owner, shape);
        return seqPath === undefined ? undefined : [...seqPath, this.itemIndex(seqPath, k, o.column)];
      }
      return undefined;
    }
    return [];
  }

  /**
   * Index of the item whose `-` is at (`line`, `column`) in the sequence at `seqPath`: from the
   * AST when it has the sequence, else by counting the `-` lines above at that column.
   */
  itemIndex(seqPath: readonly PathSegment[], line: number, column: number): number {
    const dash = this.file.lineStart(line) + column;
    if (this.document !== undefined) {
      const seq = nodeAtPath(this.document.document, seqPath)?.value;
      if (isSeq(seq) && seq.range && seq.range[0] <= dash) {
        const items = collectionItems(seq);
        let lo = 0;
        let hi = items.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          const start = itemStartOf(items.at(mid));
          if (start !== undefined && start <= dash) lo = mid + 1;
          else hi = mid;
        }
        return lo; // the items whose value starts before this dash come before it
      }
    }
    let count = 0;
    for (let k = this.prevLine(line, column); k !== undefined; k = this.prevLine(k, column)) {
      const shape = this.shape(k);
      if (shape.marker) break;
      const leftmost = shape.starts[0];
      if (leftmost === undefined || leftmost.column > column) continue;
      const at = shape.starts.findIndex((s) => s.column === column);
      if (shape.starts[at]?.kind !== 'dash') break; // none at the column, or not a dash
      count++;
      if (at > 0) break;
    }
    return count;
  }

  /**
   * Keys at `column` of the mapping that the key on `line` belongs to, read from the lines above
   * and below (the line itself excluded).
   */
  siblingKeys(line: number, column: number, itemLine: number | undefined, upward = true): Set<string> {
    const keys = new Set<string>();
    const scan = (from: number, step: 1 | -1): void => {
      const next = (k: number): number | undefined => (step === -1 ? this.prevLine(k, column) : k + 1 <= this.lastLine ? k + 1 : undefined);
      for (let k: number | undefined = step === -1 ? this.prevLine(from + 1, column) : from <= this.lastLine ? from : undefined; k !== undefined; k = next(k)) {
        if (this.skippable(k, column)) continue;
        const shape = this.shape(k);
        if (shape.marker) break;
        const leftmost = shape.starts[0];
        if (leftmost === undefined || leftmost.column > column) continue;
        const at = shape.starts.findIndex((s) => s.column === column);
        const s = shape.starts[at];
        if (s === undefined) break; // a start left of the column: the mapping ends
        if (s.kind === 'dash' && at === 0) continue; // a same-column sequence of a sibling key
        if (s.kind !== 'key') break;
        if (at > 0) {
          // `- key:` starts an item: it is ours only when it is the item the cursor is in.
          if (step === -1 && k === itemLine) keys.add(s.key!);
          break;
        }
        keys.add(s.key!);
      }
    };
    if (upward) scan(line - 1, -1);
    scan(line + 1, 1);
    return keys;
  }
}

function isBlockOpener(rest: string | undefined): boolean {
  if (rest === undefined) return false;
  // Nothing, or only node properties (anchor, tag) before the block value on the next lines.
  return /^((&|!)[^\s]*\s*)*$/.test(rest);
}

function itemStartOf(item: unknown): number | undefined {
  if (isPair(item)) {
    return (isNode(item.key) ? item.key.range?.[0] : undefined) ?? (isNode(item.value) ? item.value.range?.[0] : undefined);
  }
  return isNode(item) ? item.range?.[0] : undefined;
}
