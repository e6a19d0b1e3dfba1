// A fast path for the long `ids` list of a target-settings document (issue 9).
//
// Parsing a 100,000-id list with the `yaml` package costs most of a second: one lexer token, CST
// item and Scalar node per id. In a top-level block `ids:` list, every long run of simple plain id
// lines (`<indent>- <id>` and a line break, the list's indentation, nothing else on the line, the
// same line breaks, `\n` or `\r\n`, throughout the run) is replaced, in a
// stand-in text of the SAME LENGTH, by its first item followed by a comment of spaces on one line.
// The slice is parsed from the stand-in: every offset outside the runs is unchanged, so every other
// node, range, error and comment (other items of the list included: one being typed, a comment, a
// quoted id) comes out of the `yaml` parse as before; the id nodes of each run are then built
// directly, with the ranges the full parse gives them (`[start, end, end + line break]`).
//
// A run only starts after a line that is an item of the list (or the `ids:` line) and only ends
// before one (or before a column-0 key, or the end of the text), so that neither a comment, a blank
// line, nor a deeper line (which could continue a plain scalar) is next to it. It falls back (the
// caller parses the original text) whenever unsure: no long run, a list not at the root, ids the
// schema would read as anything but a string (`true`, `null`, `0x1F`, `1e5`, ... are not simple),
// and, after the stand-in parse, any document error or warning or any run that did not come out as
// exactly one padded plain item of the `ids` list. test/unit/core/yaml.fastIds.test.ts checks it
// against the full parse: same AST (every node, value and range), same values, same diagnostics,
// on adversarial files and after random edits.

import { Document, Scalar, isMap, isNode, isScalar, isSeq, type DocumentOptions, type ParseOptions, type SchemaOptions } from 'yaml';

/** Lists with fewer simple ids go through the `yaml` parse as usual (the fast path only pays off on long lists). */
export const MIN_FAST_IDS = 256;
/** Shorter runs of simple lines stay in the stand-in as they are. */
const MIN_RUN = 32;

/** What {@link fastIdsStandIn} found: the stand-in text and how to put the ids back. */
export interface FastIdsStandIn {
  /** The source with each long run of ids shortened to one padded item; same length as the source. */
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

/** A run of simple id lines. Offsets are in the slice text. */
interface IdsRun {
  readonly ids: readonly string[];
  /** Length of the line break of every line of the run: 1 (`\n`) or 2 (`\r\n`). */
  readonly eol: number;
  readonly valueStarts: readonly number[];
  /** Start of the run's first line, and just after its last line break. */
  readonly start: number;
  readonly end: number;
  /** The id nodes built for this run at a slice offset (see restore), for the next version to reuse. */
  nodes?: { readonly start: number; readonly items: readonly Scalar[] };
}

/** What the scan of a list found: its items' indentation and its long runs of simple ids. */
interface IdsList {
  readonly indent: string;
  readonly runs: readonly IdsRun[];
}

/** How the scan ended: the end of the text, a column-0 key, or another column-0 line. */
type ListEnd = 'end' | 'key' | 'other';

/**
 * The last list scanned. While typing elsewhere in the file, each version holds the same list at
 * the same place: comparing its text is much cheaper than scanning it and building its nodes again.
 */
let lastList: { options: object; listStart: number; text: string; ending: ListEnd; list: IdsList } | undefined;

/** Whether the line at `pos` ends the list's lines, and how; undefined when it does not. */
function listEndAt(source: string, pos: number, indent: string): ListEnd | undefined {
  if (pos >= source.length) return 'end';
  const c = source.charCodeAt(pos);
  if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x23 /* # */ || (indent === '' && c === 0x2d) /* - */) return undefined;
  return /[A-Za-z_]/.test(source[pos]) ? 'key' : 'other';
}

/** Whether the line at `pos` is an item of the list: `<indent>-` then a space or a line break. */
function isItemLine(source: string, pos: number, indent: string): boolean {
  const dash = pos + indent.length;
  if (!source.startsWith(indent, pos) || source.charCodeAt(dash) !== 0x2d) return false;
  const after = source.charCodeAt(dash + 1);
  return after === 0x20 || after === 0x0a || (after === 0x0d && source.charCodeAt(dash + 2) === 0x0a);
}

/**
 * If the line at `pos` is a simple id line (`<indent>- <id>` and a line break, the id a string in
 * the schema), where its id starts and ends and the length of its line break; else undefined.
 */
function simpleIdAt(source: string, pos: number, indent: string, tests: readonly RegExp[]): { valueStart: number; end: number; eol: number } | undefined {
  const valueStart = pos + indent.length + 2;
  if (!isItemLine(source, pos, indent) || source.charCodeAt(valueStart - 1) !== 0x20) return undefined;
  let c = source.charCodeAt(valueStart);
  if (!isIdChar(c) || c === 0x2d) return undefined;
  let j = valueStart;
  while (isIdChar(c)) c = source.charCodeAt(++j);
  const eol = c === 0x0a ? 1 : c === 0x0d && source.charCodeAt(j + 1) === 0x0a ? 2 : 0;
  if (eol === 0) return undefined;
  // In the YAML 1.2 core schema only a plain scalar starting with `~`, N/n (null), T/t/F/f (bool),
  // a digit, `+`, `-` or `.` (int, float) can resolve to anything but a string; others skip the tests.
  if (!isPlainStringStart(source.charCodeAt(valueStart))) {
    const id = source.slice(valueStart, j);
    for (const test of tests) if (test.test(id)) return undefined;
  }
  return { valueStart, end: j, eol };
}

/** The list starting at `listStart` and its long runs of simple ids, or undefined when there is no list item there. */
function scanList(source: string, listStart: number, options: ParseOptions & DocumentOptions & SchemaOptions): IdsList | undefined {
  const known = lastList;
  if (known !== undefined && known.options === options && known.listStart === listStart && source.startsWith(known.text, listStart)) {
    // The same lines, ended the same way: a scan would find the same.
    if (listEndAt(source, listStart + known.text.length, known.list.indent) === known.ending) {
      fastIdsControl.listsReused++;
      return known.list;
    }
  }
  // The list's indentation is that of its first line, which must be an item.
  let p = listStart;
  while (source.charCodeAt(p) === 0x20) p++;
  const indent = source.slice(listStart, p);
  if (!isItemLine(source, listStart, indent)) return undefined;
  const tests = nonStringTests(options);

  const runs: IdsRun[] = [];
  let ids: string[] = [];
  let valueStarts: number[] = [];
  let runStart = -1;
  let runEol = 0;
  // A run may only start after an item line (or the `ids:` line), and only end before one.
  const close = (nextIsSafe: boolean): void => {
    if (!nextIsSafe) {
      ids.pop();
      valueStarts.pop();
    }
    if (ids.length >= MIN_RUN) {
      const last = ids.length - 1;
      runs.push({ ids, eol: runEol, valueStarts, start: runStart, end: valueStarts[last] + ids[last].length + runEol });
    }
    ids = [];
    valueStarts = [];
    runStart = -1;
  };
  let previousIsItem = true;
  let pos = listStart;
  let ending: ListEnd | undefined;
  for (;;) {
    ending = listEndAt(source, pos, indent);
    if (ending !== undefined) break;
    const simple = simpleIdAt(source, pos, indent, tests);
    if (simple !== undefined) {
      // A change of line breaks ends a run (its lines share one); the next line is an item, so safe.
      if (runStart !== -1 && simple.eol !== runEol) close(true);
      if (runStart === -1 && previousIsItem) {
        runStart = pos;
        runEol = simple.eol;
      }
      if (runStart !== -1) {
        ids.push(source.slice(simple.valueStart, simple.end));
        valueStarts.push(simple.valueStart);
      }
      previousIsItem = true;
      pos = simple.end + simple.eol;
      continue;
    }
    previousIsItem = isItemLine(source, pos, indent);
    if (runStart !== -1) close(previousIsItem);
    const lineEnd = source.indexOf('\n', pos);
    pos = lineEnd === -1 ? source.length : lineEnd + 1;
  }
  if (runStart !== -1) close(ending !== 'other');
  const list = { indent, runs };
  lastList = { options, listStart, text: source.slice(listStart, pos), ending, list };
  return list;
}

/**
 * The stand-in for `source` when it holds a long `ids` list of simple ids, else `undefined`.
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
  // Only the first `ids:` line at column 0 is tried.
  const keyLine = /^ids:\r?\n/m.exec(source);
  if (keyLine === null) return undefined;
  const keyStart = keyLine.index;
  const listStart = keyStart + keyLine[0].length;
  const list = scanList(source, listStart, options);
  if (list === undefined || list.runs.reduce((sum, run) => sum + run.ids.length, 0) < minIds) return undefined;
  const { indent, runs } = list;

  // Each run becomes its first item with a comment of spaces up to the run's last line break: the
  // lexer skips a comment to the line break in one step, where it would scan padding after a plain
  // scalar character by character.
  const paddings: string[] = [];
  const parts: string[] = [];
  let copied = 0;
  for (const run of runs) {
    const firstLine = `${indent}- ${run.ids[0]} #`;
    const padding = ' '.repeat(run.end - run.start - firstLine.length - run.eol);
    paddings.push(padding);
    parts.push(source.slice(copied, run.start), firstLine, padding, run.eol === 2 ? '\r\n' : '\n');
    copied = run.end;
  }
  parts.push(source.slice(copied));
  const text = parts.join('');

  return {
    text,
    restore(documents, start) {
      const ok = restore(documents, start);
      if (ok) fastIdsControl.restored++;
      else fastIdsControl.rejected++;
      return ok;
    },
  };

  function restore(documents: readonly Document.Parsed[], start: number): boolean {
    const keyAt = start + keyStart;
    const doc = documents.find((d) => d.range[0] <= keyAt && keyAt < d.range[2]);
    if (doc === undefined || doc.errors.length > 0 || doc.warnings.length > 0) return false;
    const map = doc.contents;
    if (!isMap(map) || map.flow || map.tag !== undefined || map.anchor !== undefined) return false;
    const pair = map.items.find((p) => isScalar(p.key) && p.key.range?.[0] === keyAt);
    if (pair === undefined || !isScalar(pair.key) || pair.key.value !== 'ids' || pair.key.type !== 'PLAIN') return false;
    const seq = pair.value;
    if (!isSeq(seq) || seq.flow || seq.tag !== undefined || seq.anchor !== undefined) return false;
    if (!seq.range || seq.range[0] !== start + listStart + indent.length) return false;

    const items: unknown[] = [];
    let r = 0;
    for (const item of seq.items) {
      const run = runs[r];
      if (run === undefined || !isNode(item) || item.range?.[0] !== start + run.valueStarts[0]) {
        items.push(item); // an item of the text as it is
        continue;
      }
      const v0 = start + run.valueStarts[0];
      if (
        !isScalar(item) ||
        item.value !== run.ids[0] ||
        item.type !== 'PLAIN' ||
        item.tag !== undefined ||
        item.anchor !== undefined ||
        item.comment !== paddings[r] ||
        item.commentBefore ||
        item.spaceBefore ||
        item.range[1] !== v0 + run.ids[0].length ||
        item.range[2] !== start + run.end
      ) {
        return false;
      }
      if (run.nodes?.start !== start) run.nodes = { start, items: idNodes(run, start) };
      // The nodes are shared with earlier versions (nothing changes a parsed node in place; a moved
      // document is cloned before it is shifted); the array is not.
      for (const node of run.nodes.items) items.push(node);
      r++;
    }
    if (r !== runs.length) return false;
    seq.items = items as typeof seq.items;
    return true;
  }
}

/** The nodes the `yaml` parse would build for the ids of a run: `[start, end, end + line break]`. */
function idNodes(run: IdsRun, start: number): Scalar[] {
  const items: Scalar[] = new Array(run.ids.length);
  for (let i = 0; i < run.ids.length; i++) {
    const id = run.ids[i];
    const s = start + run.valueStarts[i];
    const node = new Scalar(id);
    node.range = [s, s + id.length, s + id.length + run.eol];
    node.source = id;
    node.type = 'PLAIN';
    items[i] = node;
  }
  return items;
}
