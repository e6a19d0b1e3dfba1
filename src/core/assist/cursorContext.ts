// Where the cursor is, structurally, read from the TEXT by indentation: which mapping a key typed
// here would belong to, which sequence a new `- ` item would join, or which key's value is being
// typed. Completion needs this exactly where the AST is least helpful: on a blank line, after a
// bare `- `, at the end of a file, and in a document with a syntax error elsewhere (where the parser
// may have thrown away the structure around the cursor). The AST is only used to number sequence
// items and to read values for conditions, never to decide the structure.
//
// Block style is understood (mappings, sequences, compact `- key:` items, sequences at the same
// indentation as their key, block scalars). Inside a flow collection (`{...}`, `[...]`) there is no
// context. Single lines are read by lineShape.ts and the lines around walked by textStructure.ts;
// this file combines them with the parse into the context completion works from.

import type { OffsetRange, ParsedDocument } from '../yaml/parsedDocument';
import type { ParsedFile } from '../yaml/parsedFile';
import type { PathSegment } from '../paths';
import { stripTrailingComment, unquoteKey, type LineShape } from './lineShape';
import { TextStructure } from './textStructure';

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

/** Whether `offset` is inside the document's long list (`ids`) written as a flow collection. */
function insideLongFlowList(document: ParsedDocument | undefined, offset: number): boolean {
  const seq = document?.longList;
  return seq !== undefined && seq.flow === true && seq.range !== undefined && seq.range !== null && seq.range[0] < offset && offset < seq.range[1];
}

const WORD_AFTER_RE = /^[A-Za-z0-9_$.\-/]*/;

/**
 * The completion context at `offset`: a key (with the collection it belongs to), or a value; or
 * `undefined` where nothing can be completed (a comment, a block scalar, a flow collection, a
 * document marker line).
 */
export function cursorContext(file: ParsedFile, offset: number): CursorContext | undefined {
  const document = file.documentAt(offset);
  if (insideLongFlowList(document, offset)) {
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
