// A fast path for the long `ids` list of a target-settings document (issue 9).
//
// Parsing a 100,000-id list with the `yaml` package costs most of a second: one lexer token, CST
// item and Scalar node per id. When a slice of text holds a top-level block `ids:` list made only of
// simple plain ids (one per line, same indentation, nothing else on the line), the slice is parsed
// from a stand-in text of the SAME LENGTH in which that list is a single item followed by a comment
// of spaces on one line. Every offset outside the list is unchanged, so every other node, range, error and
// comment comes out of the `yaml` parse exactly as before; the id nodes are then built directly,
// with the ranges the full parse gives them (`[start, end, end + 1]`: value, then the line break).
//
// It falls back (the caller parses the original text) whenever unsure: anything but
// `^ *- [A-Za-z0-9_][A-Za-z0-9_-]*\n$` lines (comments, anchors, tags, quotes, tabs, CRLF, trailing
// spaces, flow style, odd indentation), an id the schema would read as anything but a string
// (`true`, `null`, `0x1F`, `1e5`, ...), a line after the list that is not the end of the text or a
// column-0 key, and, after the stand-in parse, any document error or warning or any difference from
// the expected shape (the list must be the value of an `ids` key of the document's root block map,
// holding exactly the one padded item). test/unit/core/yaml.fastIds.test.ts checks it against the
// full parse: same AST (every node, value and range), same values, same diagnostics.

import { Document, Scalar, isMap, isScalar, isSeq, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';

/** Lists shorter than this go through the `yaml` parse as usual (the fast path only pays off on long lists). */
export const MIN_FAST_IDS = 256;

/** What {@link fastIdsStandIn} found: the stand-in text and how to put the ids back. */
export interface FastIdsStandIn {
  /** The source with the id list shortened to one padded item; same length as the source. */
  readonly text: string;
  /**
   * Puts the id nodes into the documents parsed from {@link text} (with `parser.offset = start`).
   * Returns false, leaving the documents unusable, when they are not exactly as expected: the
   * caller must then parse the original source.
   */
  restore(documents: readonly Document.Parsed[], start: number): boolean;
}

/** Switch and counters, for the differential test (which parses with the fast path on and off). */
export const fastIdsControl = { enabled: true, restored: 0, rejected: 0, listsReused: 0 };

const LINE = /( *)- ([A-Za-z0-9_][A-Za-z0-9_-]*)\n/y;
function isIdChar(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x2d;
}

/** A letter other than n/N/t/T/f/F, or `_`: no core-schema tag test can match a scalar starting so. */
function isPlainStringStart(c: number): boolean {
  if (c === 0x5f) return true;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x7a && lower !== 0x6e && lower !== 0x74 && lower !== 0x66;
}

const testsBySchema = new WeakMap<object, RegExp[]>();

/** The tests by which the composer resolves a plain scalar to a non-string (null, bool, int, float). */
function nonStringTests(options: ParseOptions & DocumentOptions & SchemaOptions): RegExp[] {
  let tests = testsBySchema.get(options);
  if (tests === undefined) {
    tests = [];
    for (const tag of new Document(null, options).schema.tags) {
      // As the composer's findScalarTagByTest: a default tag whose test matches wins over `str`.
      const t = tag as { default?: unknown; test?: RegExp; tag?: string };
      if (t.default === true && t.test instanceof RegExp && t.tag !== 'tag:yaml.org,2002:str') tests.push(t.test);
    }
    testsBySchema.set(options, tests);
  }
  return tests;
}

/** A simple ids list: its items' indentation, the ids, where each id starts, and where the list ends. */
interface IdsList {
  readonly indent: string;
  readonly ids: readonly string[];
  readonly valueStarts: readonly number[];
  /** Just after the last item's line break. */
  readonly end: number;
  /** The id nodes built for this list at a slice offset (see restore), for the next version to reuse. */
  nodes?: { readonly start: number; readonly items: readonly Scalar[] };
}

/**
 * The last list scanned. While typing elsewhere in the file, each version holds the same list at
 * the same place: comparing its text is much cheaper than scanning it and building its nodes again.
 */
let lastList: { options: object; listStart: number; text: string; list: IdsList } | undefined;

function endsList(source: string, end: number): boolean {
  return end === source.length || /[A-Za-z_]/.test(source[end]);
}

/** The simple ids list starting at `listStart`, or undefined when the lines there are not one. */
function scanList(source: string, listStart: number, options: ParseOptions & DocumentOptions & SchemaOptions): IdsList | undefined {
  const known = lastList;
  if (known !== undefined && known.options === options && known.listStart === listStart && source.startsWith(known.text, listStart)) {
    // The same lines, and the line after them ends the list here too: a scan would find the same.
    if (endsList(source, listStart + known.text.length)) {
      fastIdsControl.listsReused++;
      return known.list;
    }
  }
  LINE.lastIndex = listStart;
  const first = LINE.exec(source);
  if (first === null) return undefined;
  const indent = first[1];
  const tests = nonStringTests(options);
  const valueStarts: number[] = [];
  const ids: string[] = [];
  let pos = listStart;
  const n = source.length;
  // One line per id: `indent`, `- `, an id of [A-Za-z0-9_-] not starting with `-`, `\n`.
  // (A hand-written scanner: the same lines LINE matches, with the first line's indentation.)
  for (;;) {
    let i = pos;
    const indentEnd = pos + indent.length;
    while (i < indentEnd && source.charCodeAt(i) === 0x20) i++;
    if (i !== indentEnd || source.charCodeAt(i) !== 0x2d /* - */ || source.charCodeAt(i + 1) !== 0x20) break;
    const valueStart = i + 2;
    let j = valueStart;
    let c = source.charCodeAt(j);
    if (!isIdChar(c) || c === 0x2d) break;
    while (j < n && isIdChar(c)) c = source.charCodeAt(++j);
    if (c !== 0x0a) break;
    const id = source.slice(valueStart, j);
    // In the YAML 1.2 core schema only a plain scalar starting with `~`, N/n (null), T/t/F/f
    // (bool), a digit, `+`, `-` or `.` (int, float) can resolve to anything but a string; others
    // skip the tests.
    if (!isPlainStringStart(id.charCodeAt(0))) {
      for (const test of tests) if (test.test(id)) return undefined;
    }
    valueStarts.push(valueStart);
    ids.push(id);
    pos = j + 1;
  }
  // What follows must be the end of the text or a column-0 key (no continuation line, comment,
  // blank line, further item or deeper content that the list's end could change the meaning of).
  if (!endsList(source, pos)) return undefined;
  lastList = { options, listStart, text: source.slice(listStart, pos), list: { indent, ids, valueStarts, end: pos } };
  return lastList.list;
}

/**
 * The stand-in for `source` when it holds a long simple `ids` list, else `undefined`.
 * @param options the parse options (the schema decides which plain scalars are strings).
 */
export function fastIdsStandIn(
  source: string,
  options: ParseOptions & DocumentOptions & SchemaOptions,
  minIds = MIN_FAST_IDS,
): FastIdsStandIn | undefined {
  if (!fastIdsControl.enabled) return undefined;
  if (options.schema !== undefined && options.schema !== 'core') return undefined;
  if (options.version !== undefined && options.version !== '1.2') return undefined;
  if (options.customTags !== undefined || options.compat !== undefined) return undefined;
  let at = source.startsWith('ids:\n') ? 0 : source.indexOf('\nids:\n');
  if (at === -1) return undefined;
  if (at > 0) at += 1;
  // Only the first `ids:` line at column 0 is tried.
  const keyStart = at;
  const listStart = keyStart + 5;
  const list = scanList(source, listStart, options);
  if (list === undefined || list.ids.length < minIds) return undefined;
  const { indent, ids, valueStarts, end: listEnd } = list;
  // The padding is a comment: the lexer skips a comment to the line break in one step, where it
  // would scan padding after a plain scalar character by character.
  const firstLine = `${indent}- ${ids[0]} #`;
  const padding = ' '.repeat(listEnd - listStart - firstLine.length - 1);
  const text = source.slice(0, listStart) + firstLine + padding + '\n' + source.slice(listEnd);

  return {
    text,
    restore(documents, start) {
      const ok = restore(documents, start, list);
      if (ok) fastIdsControl.restored++;
      else fastIdsControl.rejected++;
      return ok;
    },
  };

  function restore(documents: readonly Document.Parsed[], start: number, list: IdsList): boolean {
    {
      const keyAt = start + keyStart;
      const doc = documents.find((d) => d.range[0] <= keyAt && keyAt < d.range[2]);
      if (doc === undefined || doc.errors.length > 0 || doc.warnings.length > 0) return false;
      const map = doc.contents;
      if (!isMap(map) || map.flow || map.tag !== undefined || map.anchor !== undefined) return false;
      const pair = map.items.find((p) => isScalar(p.key) && p.key.range?.[0] === keyAt);
      if (pair === undefined || !isScalar(pair.key) || pair.key.value !== 'ids' || pair.key.type !== 'PLAIN') return false;
      const seq = pair.value;
      const end = start + listEnd;
      if (!isSeq(seq) || seq.flow || seq.tag !== undefined || seq.anchor !== undefined || seq.comment || seq.commentBefore || seq.spaceBefore) return false;
      if (!seq.range || seq.range[0] !== start + listStart + indent.length || seq.range[1] !== end || seq.range[2] !== end) return false;
      if (seq.items.length !== 1) return false;
      const item = seq.items[0];
      const v0 = start + valueStarts[0];
      if (
        !isScalar(item) ||
        item.value !== ids[0] ||
        item.type !== 'PLAIN' ||
        item.tag !== undefined ||
        item.anchor !== undefined ||
        item.comment !== padding ||
        item.commentBefore ||
        item.spaceBefore ||
        !item.range ||
        item.range[0] !== v0 ||
        item.range[1] !== v0 + ids[0].length ||
        item.range[2] !== end
      ) {
        return false;
      }
      if (list.nodes?.start !== start) list.nodes = { start, items: idNodes(ids, valueStarts, start) };
      // The nodes are shared with earlier versions (nothing changes a parsed node in place; a moved
      // document is cloned before it is shifted); the array is not.
      seq.items = list.nodes.items.slice() as typeof seq.items;
      return true;
    }
  }
}

/** The nodes the `yaml` parse would build for the ids: `[start, end, end + 1]`, then the line break. */
function idNodes(ids: readonly string[], valueStarts: readonly number[], start: number): Scalar[] {
  const items: Scalar[] = new Array(ids.length);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    const s = start + valueStarts[i];
    const node = new Scalar(id);
    node.range = [s, s + id.length, s + id.length + 1];
    node.source = id;
    node.type = 'PLAIN';
    items[i] = node;
  }
  return items;
}
