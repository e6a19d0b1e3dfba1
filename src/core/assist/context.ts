// Where the cursor is, structurally, read from the TEXT by indentation: which mapping a key typed
// here would belong to, which sequence a new `- ` item would join, or which key's value is being
// typed. Completion needs this exactly where the AST is least helpful: on a blank line, after a
// bare `- `, at the end of a file, and in a document with a syntax error elsewhere (where the parser
// may have thrown away the structure around the cursor). The AST is only used to number sequence
// items and to read values for conditions, never to decide the structure.
//
// Block style is understood (mappings, sequences, compact `- key:` items, sequences at the same
// indentation as their key, block scalars). Inside a flow collection (`{...}`, `[...]`) there is no
// context.

import { isNode, isPair, isSeq } from 'yaml';
import type { OffsetRange, ParsedDocument, ParsedFile } from '../yaml/parse';
import { fastIdsOf } from '../yaml/fastIds';
import { nodeAtPath } from '../yaml/nodes';
import type { PathSegment } from '../paths';

/** One structural start on a line: a `-` item indicator, a `key:`, or a scalar. */
export interface LineStart {
  readonly kind: 'dash' | 'key' | 'scalar';
  readonly column: number;
  /** The key (unquoted), for `key`. */
  readonly key?: string;
  /** Text after `key:` without a trailing comment, trimmed, for `key`. */
  readonly rest?: string;
}

/** The structure of one line. */
export interface LineShape {
  /** Blank, comment-only, or a document marker line. */
  readonly empty: boolean;
  /** A `---` or `...` line. */
  readonly marker: boolean;
  /** Left to right; none on an {@link empty} line. */
  readonly starts: readonly LineStart[];
}

const KEY_RE = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{}[\],&*!|>%@`-][^#:]*?|-[^\s#:][^#:]*?)[ \t]*:(?=\s|$)/;

function unquoteKey(raw: string): string {
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1);
    }
  }
  if (raw.startsWith("'")) {
    return raw.slice(1, -1).replace(/''/g, "'");
  }
  return raw.trim();
}

/** Removes a trailing `# comment` (a `#` at the start or after whitespace, outside quotes). */
export function stripTrailingComment(text: string): string {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote !== undefined) {
      if (c === '\\' && quote === '"') {
        i++;
      } else if (c === quote) {
        quote = undefined;
      }
    } else if (c === '"' || c === "'") {
      // Quotes only open a scalar at its start; inside a plain scalar they are literal.
      if (i === 0 || /[\s:,[{-]/.test(text.charAt(i - 1))) {
        quote = c;
      }
    } else if (c === '#' && (i === 0 || /\s/.test(text.charAt(i - 1)))) {
      return text.slice(0, i);
    }
  }
  return text;
}

/** Lines longer than this are read only so far past their indentation by {@link lineShape}. */
const LONG_LINE = 4096;

/** Reads the structure of one line of block YAML. */
export function lineShape(line: string): LineShape {
  // A line's shape is in its first characters: a megabyte-long line (a flow list of ids) is read
  // only so far (its rest could only be a long value, never a block opener).
  let text = line;
  if (line.length > LONG_LINE) {
    let i = 0;
    while (line.charCodeAt(i) === 0x20) i++;
    text = line.slice(0, i + LONG_LINE);
  }
  const trimmed = text.replace(/\s+$/, '');
  if (/^(---|\.\.\.)(\s|$)/.test(trimmed)) {
    return { empty: true, marker: true, starts: [] };
  }
  const content = stripTrailingComment(trimmed).replace(/\s+$/, '');
  if (content.trim() === '') {
    return { empty: true, marker: false, starts: [] };
  }
  const starts: LineStart[] = [];
  let i = 0;
  while (content[i] === ' ') i++;
  for (;;) {
    if (content[i] === '-' && (i + 1 === content.length || content[i + 1] === ' ' || content[i + 1] === '\t')) {
      starts.push({ kind: 'dash', column: i });
      i++;
      while (content[i] === ' ' || content[i] === '\t') i++;
      if (i >= content.length) {
        break;
      }
      continue;
    }
    const rest = content.slice(i);
    const m = KEY_RE.exec(rest);
    if (m !== null) {
      const [matched, key = ''] = m;
      starts.push({ kind: 'key', column: i, key: unquoteKey(key), rest: rest.slice(matched.length).trim() });
    } else {
      starts.push({ kind: 'scalar', column: i });
    }
    break;
  }
  return { empty: false, marker: false, starts };
}

/** What a completion at the cursor is about. */
export type CursorContext = KeyContext | ValueContext;

interface BaseContext {
  readonly document: ParsedDocument | undefined;
  readonly documentIndex: number;
  /** 0-based line of the cursor. */
  readonly line: number;
  /** Columns of leading whitespace of the cursor line (what VS Code re-indents snippets by). */
  readonly lineIndent: number;
  /** The text to replace: the word (or value) at the cursor. */
  readonly replace: OffsetRange;
  /** The part of the word before the cursor (what the user typed). */
  readonly typed: string;
}

/** A mapping key goes here, and/or a new sequence item. */
export interface KeyContext extends BaseContext {
  readonly kind: 'key';
  /** Column where the key starts. */
  readonly column: number;
  /**
   * Path of the collection by indentation: the mapping the key belongs to, or (when
   * {@link afterDash} or the line sits at a sequence's dash column) the sequence item.
   */
  readonly parentPath: readonly PathSegment[] | undefined;
  /** Keys of the same mapping on other lines (by text). */
  readonly siblings: ReadonlySet<string>;
  /** A `:` follows the word under the cursor (renaming an existing key: insert the name only). */
  readonly hasColon: boolean;
  /** The cursor line starts with `- ` (a sequence item), the key being the item's first. */
  readonly afterDash: boolean;
  /** Path of a block sequence whose `-` is at the cursor column: a new item may go here. */
  readonly sequencePath: readonly PathSegment[] | undefined;
}

/** The value of `key: ` (or of a `- ` sequence item) is being typed. */
export interface ValueContext extends BaseContext {
  readonly kind: 'value';
  /** Path of the value (the key's path, or the item's). */
  readonly path: readonly PathSegment[];
  /** Column of the key (or of the item's `-`). */
  readonly column: number;
  /** The existing value is quoted with this character; {@link replace} is inside the quotes. */
  readonly quote: '"' | "'" | undefined;
  /** No space between the `:` and the cursor: insert one. */
  readonly needsSpace: boolean;
  /** The value is a sequence item (`- |`). */
  readonly isItem: boolean;
}

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
      const next = file.documents[document.index + 1];
      this.lastLine = next === undefined ? file.lineCount - 1 : Math.max(this.firstLine, file.positionAt(next.start).line - 1);
    }
  }

  lineText(line: number): string {
    return this.file.text.slice(this.file.lineStart(line), this.file.lineEnd(line));
  }

  /**
   * True when `line` is blank, a comment, or indented deeper than `column`: nothing there can own
   * or share a position at `column`. Reads characters only (no slicing, no regex), so scanning past
   * a 100,000-line list is cheap.
   */
  skippable(line: number, column: number): boolean {
    const text = this.file.text;
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
      k = (column === 0 ? this.firstIdLine(k) : undefined) ?? k;
      k--;
    }
    const found = k >= this.firstLine ? k : -1;
    this.previous.set(key, found);
    return found < 0 ? undefined : found;
  }

  shape(line: number): LineShape {
    let s = this.shapes.get(line);
    if (s === undefined) {
      s = lineShape(this.lineText(line));
      this.shapes.set(line, s);
    }
    return s;
  }

  /** The lines of the document's long `ids` list, where its dashes are (block lists), and whether all are indented. */
  private idsLines: { first: number; last: number; dashColumn: number | undefined; indented: boolean } | null | undefined;

  /**
   * The first line of the document's long `ids` list (a block list's first item, the line after a
   * flow list's `[`) when `line` is one of its lines, and, when `column` is given, the list's dashes
   * are at that column; else when every line of the list is indented (skippable at column 0). The
   * upward scans jump over the list instead of reading every line of it.
   */
  private firstIdLine(line: number, column?: number): number | undefined {
    const ids = this.idsLines === undefined ? (this.idsLines = this.findIdsLines()) : this.idsLines;
    if (ids === null || line < ids.first || line > ids.last) return undefined;
    return (column === undefined ? ids.indented : ids.dashColumn === column) ? ids.first : undefined;
  }

  private findIdsLines(): NonNullable<TextStructure['idsLines']> | null {
    const seq = this.document === undefined ? undefined : fastIdsOf(this.document.document)?.pair.value;
    if (!isSeq(seq) || !seq.range) return null;
    if (seq.flow) {
      // The lines between the `[` line and the `]` line: flow content inside a block mapping is indented.
      const first = this.file.positionAt(seq.range[0]).line + 1;
      const last = this.file.positionAt(seq.range[1] - 1).line - 1;
      return first <= last ? { first, last, dashColumn: undefined, indented: true } : null;
    }
    const first = itemStartOf(seq.items[0]);
    const last = itemStartOf(seq.items[seq.items.length - 1]);
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
              k = this.firstIdLine(k, column) ?? k; // an earlier item of the same sequence
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
          continue; // a sequence at the indentation of its key, belonging to a sibling key above
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
        const items = seq.items;
        let lo = 0;
        let hi = items.length;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          const start = itemStartOf(items[mid]);
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

/** Whether `offset` is inside the document's long `ids` list written as a flow collection. */
function insideFlowIds(document: ParsedDocument | undefined, offset: number): boolean {
  const seq = document === undefined ? undefined : fastIdsOf(document.document)?.pair.value;
  return isSeq(seq) && seq.flow === true && seq.range !== undefined && seq.range !== null && seq.range[0] < offset && offset < seq.range[1];
}

function itemStartOf(item: unknown): number | undefined {
  if (isPair(item)) {
    return (isNode(item.key) ? item.key.range?.[0] : undefined) ?? (isNode(item.value) ? item.value.range?.[0] : undefined);
  }
  return isNode(item) ? item.range?.[0] : undefined;
}

const WORD_AFTER_RE = /^[A-Za-z0-9_$.\-/]*/;

/**
 * The completion context at `offset`: a key (with the collection it belongs to), or a value; or
 * `undefined` where nothing can be completed (a comment, a block scalar, a flow collection, a
 * document marker line).
 */
export function cursorContext(file: ParsedFile, offset: number): CursorContext | undefined {
  const document = file.documentAt(offset);
  if (insideFlowIds(document, offset)) {
    return undefined; // a flow collection (known before its line is read: it may be a megabyte long)
  }
  const structure = TextStructure.of(file, document);
  const documentIndex = document?.index ?? 0;
  const { line, character } = file.positionAt(offset);
  const lineStart = file.lineStart(line);
  const lineText = structure.lineText(line);
  const before = lineText.slice(0, character);
  const after = lineText.slice(character);
  const lineIndent = /^[ \t]*/.exec(lineText)![0].length;

  if (/^(---|\.\.\.)(\s|$)/.test(lineText)) {
    return undefined;
  }
  if (stripTrailingComment(before) !== before) {
    return undefined; // in a comment
  }

  // Leading `- ` indicators of the cursor line, up to the cursor.
  let i = 0;
  while (before[i] === ' ') i++;
  const dashColumns: number[] = [];
  while (before[i] === '-' && (before[i + 1] === ' ' || before[i + 1] === '\t')) {
    dashColumns.push(i);
    i++;
    while (before[i] === ' ' || before[i] === '\t') i++;
  }
  const column = i;
  const rest = before.slice(column);
  const base = { document, documentIndex, line, lineIndent };

  // A line shape with the cursor's dashes, for paths through them.
  const dashShape: LineShape = { empty: false, marker: false, starts: dashColumns.map((c) => ({ kind: 'dash' as const, column: c })) };
  const itemPath = (): PathSegment[] | undefined => {
    const innermost = dashColumns.length - 1;
    const dashColumn = dashColumns[innermost];
    if (dashColumn === undefined) return undefined;
    const seqPath = structure.containerOf(line, innermost, dashShape);
    return seqPath === undefined ? undefined : [...seqPath, structure.itemIndex(seqPath, line, dashColumn)];
  };

  // `key: value` (or `key:` with the cursor right after the colon).
  const keyMatch = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{}[\],&*!|>%@`:][^#:]*?)[ \t]*:(?:([ \t]+)(.*))?$/.exec(rest);
  if (keyMatch !== null) {
    const [matched, rawKey = '', spacing, valueText = ''] = keyMatch;
    const key = unquoteKey(rawKey);
    if (/^[|>[{&*!]/.test(valueText)) {
      return undefined; // block scalar, flow collection, anchor, alias or tag
    }
    const keyShape: LineShape = { empty: false, marker: false, starts: [...dashShape.starts, { kind: 'key', column, key }] };
    const parent = structure.containerOf(line, dashColumns.length, keyShape);
    if (parent === undefined) {
      return undefined;
    }
    const valueStart = spacing === undefined ? offset : lineStart + column + matched.length - valueText.length;
    return valueContext(base, [...parent, key], column, valueStart, offset, lineStart + lineText.length, spacing === undefined, false, lineText, lineStart);
  }

  if (!/^[A-Za-z0-9_$.\-/]*$/.test(rest)) {
    // A quoted scalar, a URL, ...: only a sequence item's value can be completed here.
    const itemColumn = dashColumns.at(-1);
    if (itemColumn === undefined) {
      return undefined;
    }
    const path = itemPath();
    if (path === undefined) return undefined;
    return valueContext(base, path, itemColumn, lineStart + column, offset, lineStart + lineText.length, false, true, lineText, lineStart);
  }

  if (rest === '' && /^[ \t]+\S/.test(after)) {
    return undefined; // inside the indentation of a line that has content
  }

  // A key being typed (or an empty spot): the word around the cursor.
  const wordAfter = WORD_AFTER_RE.exec(after)![0];
  const replace = { start: offset - rest.length, end: offset + wordAfter.length };
  const hasColon = /^\s*:/.test(after.slice(wordAfter.length));
  let parentPath: PathSegment[] | undefined;
  let sequencePath: PathSegment[] | undefined;
  let siblings = new Set<string>();
  if (dashColumns.length > 0) {
    parentPath = itemPath();
    // The item starts on this line: its other keys can only be below.
    siblings = structure.siblingKeys(line, column, undefined, false);
  } else {
    parentPath = structure.containerAbove(line, column, false);
    // Is there a sequence whose `-` is at this column (a new item may go here)?
    const seqPath = structure.containerAbove(line, column, true);
    if (seqPath !== undefined && hasDashAbove(structure, line, column)) {
      sequencePath = seqPath;
      if (parentPath !== undefined && pathEquals(parentPath, seqPath)) {
        parentPath = undefined;
      }
    }
    const itemLine = itemLineAbove(structure, line, column);
    siblings = structure.siblingKeys(line, column, itemLine);
  }
  return {
    ...base,
    kind: 'key',
    column,
    parentPath,
    siblings,
    hasColon,
    afterDash: dashColumns.length > 0,
    sequencePath,
    replace,
    typed: rest,
  };
}

/** The nearest line above at or left of `column` has a `-` exactly at `column`. */
function hasDashAbove(structure: TextStructure, line: number, column: number): boolean {
  for (let k = structure.prevLine(line, column); k !== undefined; k = structure.prevLine(k, column)) {
    const shape = structure.shape(k);
    if (shape.marker) return false;
    const leftmost = shape.starts[0];
    if (leftmost === undefined || leftmost.column > column) continue;
    return shape.starts.some((s) => s.kind === 'dash' && s.column === column);
  }
  return false;
}

/** The line of the `- key:` item the key column belongs to, when the mapping is an item's. */
function itemLineAbove(structure: TextStructure, line: number, column: number): number | undefined {
  for (let k = structure.prevLine(line, column); k !== undefined; k = structure.prevLine(k, column)) {
    const shape = structure.shape(k);
    if (shape.marker) return undefined;
    const leftmost = shape.starts[0];
    if (leftmost === undefined || leftmost.column > column) continue;
    const at = shape.starts.findIndex((s) => s.column === column);
    if (at === -1) return undefined;
    if (at > 0 && shape.starts[at - 1]?.kind === 'dash') return k;
    if (shape.starts[at]?.kind !== 'key') return undefined;
  }
  return undefined;
}

function pathEquals(a: readonly PathSegment[], b: readonly PathSegment[]): boolean {
  return a.length === b.length && a.every((s, i) => s === b[i]);
}

function valueContext(
  base: { document: ParsedDocument | undefined; documentIndex: number; line: number; lineIndent: number },
  path: PathSegment[],
  column: number,
  valueStart: number,
  offset: number,
  lineEnd: number,
  needsSpace: boolean,
  isItem: boolean,
  lineText: string,
  lineStart: number,
): ValueContext | undefined {
  const valueLine = lineText.slice(valueStart - lineStart);
  const valueText = stripTrailingComment(valueLine).replace(/\s+$/, '');
  let start = valueStart;
  let end = valueStart + valueText.length;
  let quote: '"' | "'" | undefined;
  if (valueText.startsWith('"') || valueText.startsWith("'")) {
    quote = valueText[0] as '"' | "'";
    start = valueStart + 1;
    const close = valueText.length > 1 && valueText.endsWith(quote) ? 1 : 0;
    end = valueStart + valueText.length - close;
  }
  if (offset < start || offset > Math.max(end, lineEnd)) {
    return undefined;
  }
  end = Math.max(end, Math.min(offset, lineEnd));
  return {
    ...base,
    kind: 'value',
    path,
    column,
    quote,
    needsSpace,
    isItem,
    replace: { start, end },
    typed: lineText.slice(start - lineStart, Math.max(start, offset) - lineStart),
  };
}
