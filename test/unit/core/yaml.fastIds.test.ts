// Differential test of the fast path for long `ids` lists (src/core/yaml/fastIds.ts): every file is
// parsed with the fast path on and off, and the two parses must be the same in every observable
// respect: the whole AST (every node's class, own properties and range), errors and warnings, the
// plain-JS values, the diagnostics of validateText, and the ranges nodeAtPath / pathAtOffset give
// for every id. Files are adversarial (every way the fast path must step aside) and random.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Composer, Parser, Scalar, isAlias, isCollection, isNode, isPair, isScalar, isSeq, parseAllDocuments, type Document } from 'yaml';
import { fastIdsStats, readIds, MIN_FAST_IDS } from '../../../src/core/yaml/fastIds';
import { IdNode } from '../../../src/core/yaml/idsNodes';
import { LanguageService } from '../../../src/core/service';
import {
  ChunkedText,
  YAML_OPTIONS,
  composeChanges,
  nodeAtPath,
  parseFile,
  pathAtOffset,
  type LongIdsList,
  type ParsedFile,
  type TextChange,
} from '../../../src/core/yaml';
import * as fc from 'fast-check';
import { validateFile, validateText } from '../../../src/core/validation';
import { mulberry32 } from '../../../src/sandbox/prng';
import { SIZES, targetSettingsFile } from '../../../bench/common';
import { at } from '../../fixtures/at';
import { parsedVersions } from '../../fixtures/versions';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomIds(n: number, random: () => number, length = 12): string[] {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    let id = '';
    for (let j = 0; j < length; j++) id += ALPHABET[Math.floor(random() * ALPHABET.length)];
    ids.push(id);
  }
  return ids;
}

/** Plain scalars of id characters that the core schema reads as a number, true/false or null. */
/** Plain items the schema reads as a number or true/false: the scan keeps them (TYPED in idsText.ts). */
const TYPED_IDS = ['123', '007', '0x1F', '0o17', '1e5', '1e-5', 'true', 'False', '12345678901234567890', '0'];
/** Those and nulls, which the scan leaves to the parser (an empty id). */
const NON_STRING_IDS = [...TYPED_IDS, 'null', 'NULL'];

const N = MIN_FAST_IDS + 20;
const IDS = randomIds(N, mulberry32(7));
const SITE = 'site:\n  name: Shop (staging)\n  url: https://staging.shop.example\nreport_type: owasp\n';

function list(ids: readonly string[], indent = '  '): string {
  return ids.map((id) => `${indent}- ${id}\n`).join('');
}

/** A target-settings file as JSON.stringify(…, null, indent) writes it (without the final line break). */
function json(ids: readonly string[], indent: string): string {
  return JSON.stringify({ ids, site: { name: 'Shop (staging)', url: 'https://staging.shop.example' }, report_type: 'owasp' }, null, indent);
}

/**
 * Every node as plain data: class, own enumerable properties, children in order. An id node of the
 * fast path is dumped as the Scalar it stands for: its range and source as its accessors read
 * them, not the fields that hold them.
 */
function dump(node: unknown): unknown {
  if (isPair(node)) return { pair: true, key: dump(node.key), value: dump(node.value) };
  if (!isNode(node)) return node;
  const isIdNode = node instanceof IdNode;
  const out: Record<string, unknown> = { class: isIdNode ? Scalar.name : node.constructor.name };
  const entries = isIdNode
    ? [...Object.entries(node).filter(([k]) => !ID_NODE_FIELDS.has(k)), ['range', node.range], ['source', node.source]]
    : Object.entries(node);
  for (const [k, v] of entries as [string, unknown][]) {
    if (k === 'items') out.items = (v as unknown[]).map(dump);
    else out[k] = isNode(v) || isPair(v) ? dump(v) : v;
  }
  return out;
}

/** The fields in which an IdNode keeps its range. */
const ID_NODE_FIELDS = new Set(['start', 'valueEnd', 'nodeEnd']);

function docDump(doc: Document.Parsed): unknown {
  return {
    range: doc.range,
    errors: doc.errors.map((e) => [e.name, e.code, e.pos, e.message]),
    warnings: doc.warnings.map((e) => [e.name, e.code, e.pos, e.message]),
    commentBefore: doc.commentBefore,
    comment: doc.comment,
    contents: dump(doc.contents),
  };
}

function fileDump(file: ParsedFile): unknown {
  return {
    streamErrors: file.streamErrors.map((e) => [e.code, e.pos, e.message]),
    documents: file.documents.map((d) => ({ doc: docDump(d.document), value: d.value, valueError: d.valueError })),
    slices: file.stats.slices,
  };
}

/** The parse without the fast path: every `ids` list through the `yaml` parse. */
function fullParse(text: string): ParsedFile {
  return parseFile(text, undefined, undefined, { fastPaths: false });
}

/** The diagnostics of the parse without the fast path. */
function fullDiagnostics(text: string): ReturnType<typeof validateText> {
  return validateFile(fullParse(text));
}

/**
 * Asserts what a long list says it knows (KnownIds): its spans, in order, within the list; its typed
 * items, in order, each in a span and a number or true/false; every other item of the spans a
 * non-empty string; and the counts of the spans' ids.
 */
function holdsWhatItKnows(long: LongIdsList, label: string): void {
  const { spans, typed } = long.known;
  const typedSet = new Set(typed);
  assert.deepStrictEqual(
    [...typed].sort((x, y) => x - y),
    [...typed],
    `${label}: the typed items in order`,
  );
  const counts = new Map<string, number>();
  let end = 0;
  for (const [from, count] of spans) {
    assert.ok(from >= end && count > 0 && from + count <= long.values.length, `${label}: span [${from}, ${count}] in order, within the list`);
    for (let i = from; i < from + count; i++) {
      const value = long.values[i];
      if (typedSet.delete(i)) {
        assert.ok(typeof value === 'number' || typeof value === 'boolean', `${label}: typed ids[${i}] is ${JSON.stringify(value)}`);
      } else {
        assert.ok(typeof value === 'string' && value.trim() !== '', `${label}: ids[${i}] of the spans is ${JSON.stringify(value)}`);
        counts.set(value, (counts.get(value) ?? 0) + 1);
      }
    }
    end = from + count;
  }
  assert.deepStrictEqual([...typedSet], [], `${label}: every typed item in a span`);
  for (const [value, n] of counts) assert.equal(long.known.inSpans(value), n, `${label}: the spans hold ${JSON.stringify(value)} ${n} times`);
}

/**
 * Asserts that the `ids` items of each document of `fast`, looked at one at a time (as a
 * diagnostic or the cursor does, before anything reads a whole list: the fast path makes the
 * nodes asked for), are those of `full`: every `every`th one and the last, from the last one back.
 * The range a long list gives of an id without making its node (LongIdsList.valueRange) is its
 * node's, asked for before the node is made. With `offsets`, also the path at the start, end and
 * just before each of them.
 */
function sameIdsOneByOne(fast: ParsedFile, full: ParsedFile, label: string, every: number, offsets = false): number {
  let ranges = 0;
  for (let d = 0; d < full.documents.length; d++) {
    const a = fast.documents.get(d)!.document;
    const b = full.documents.get(d)!.document;
    const long = fast.documents.get(d)!.longIdsList;
    if (long !== undefined) holdsWhatItKnows(long, `${label}, document ${d + 1}`);
    const seq = nodeAtPath(b, ['ids'])?.value;
    const count = isSeq(seq) ? seq.items.length : 0;
    for (let i = count - 1; i >= 0; i--) {
      if (i % every !== 0 && i !== count - 1) continue;
      const y = nodeAtPath(b, ['ids', i]);
      const range = long?.valueRange(i);
      if (range !== undefined) {
        ranges++;
        const node = (y?.value as { range?: number[] } | undefined)?.range;
        assert.deepStrictEqual(range, { start: node?.[0], end: node?.[1] }, `${label}: the range of ids[${i}] of document ${d + 1}`);
        const value = long?.values[i];
        assert.ok(
          typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean',
          `${label}: ids[${i}] of document ${d + 1} has a range: an id or a typed item`,
        );
      }
      assert.deepStrictEqual(dump(nodeAtPath(a, ['ids', i])?.value), dump(y?.value), `${label}: ids[${i}] of document ${d + 1}`);
      const r = y?.valueRange;
      if (offsets && r) {
        for (const offset of [r.start, r.end, r.start - 2]) {
          assert.deepStrictEqual(pathAtOffset(a, offset)?.path, pathAtOffset(b, offset)?.path, `${label}: pathAtOffset ${offset}`);
        }
      }
    }
  }
  return ranges;
}

/**
 * Parses `text` both ways and asserts they are the same. Returns whether the fast path was used.
 */
function check(text: string, label: string): boolean {
  const restoredBefore = fastIdsStats.restored;
  const fast = parseFile(text);
  const used = fastIdsStats.restored > restoredBefore;
  const full = fullParse(text);
  const ranges = sameIdsOneByOne(fast, full, label, 1);
  if (fast.documents.some((d) => d.longIdsList !== undefined)) assert.ok(ranges > 0, `${label}: the long ids list gives the ranges of its ids`);
  sameIdsOneByOne(parseFile(text), full, label, 37, true);
  assert.deepStrictEqual(fileDump(fast), fileDump(full), `${label}: parse differs`);
  assert.deepStrictEqual(validateText(text), fullDiagnostics(text), `${label}: diagnostics differ`);
  return used;
}

/** Versions of a text, each the last one with an edit (`edit(from, to)`: the first `from` replaced). */
function editedVersions(first: string): { versions: string[]; edit: (from: string, to: string) => void } {
  const versions = [first];
  const edit = (from: string, to: string): void => {
    const last = versions.at(-1)!;
    assert.ok(last.includes(from), from);
    versions.push(last.replace(from, to));
  };
  return { versions, edit };
}

/** Parses the versions in turn through one service, and asserts each takes the fast path and agrees with the full parse (AST, ids, diagnostics). */
function agreesAtEveryVersion(uri: string, versions: readonly string[]): void {
  const cache = new LanguageService(() => 'unset');
  const restoredBefore = fastIdsStats.restored;
  versions.forEach((text, v) => {
    const cached = cache.parse(uri, v + 1, text);
    const full = fullParse(text);
    sameIdsOneByOne(cached, full, `version ${v + 1}`, 1);
    assert.deepStrictEqual(fileDump(cached), fileDump(full), `version ${v + 1}`);
    assert.deepStrictEqual(validateFile(cached), fullDiagnostics(text), `diagnostics of version ${v + 1}`);
  });
  assert.equal(fastIdsStats.restored - restoredBefore, versions.length, 'the fast path at every version');
}

describe('fast path for long ids lists', () => {
  test('the parse option turns it off, for the file and its later versions', () => {
    const text = `ids:\n${list(IDS)}${SITE}`;
    const restored = fastIdsStats.restored;
    const full = fullParse(text);
    const edited = text.replace(IDS[N / 2]!, `${IDS[N / 2]!}x`);
    const next = parseFile(edited, full);
    assert.equal(fastIdsStats.restored, restored, 'no list was read by the fast path');
    assert.equal(next.documents.get(0)!.longIdsList, undefined);
    assert.notEqual(parseFile(edited, next, undefined, { fastPaths: true }).documents.get(0)!.longIdsList, undefined, 'and on again when asked');
  });

  test('finds the `ids:` key at the start of a line only (after a byte order mark, after any line break), in one string or in chunks', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      for (const bom of ['', '\uFEFF']) {
        // Each line before the key holds `ids:` followed by a line break, but not at its start.
        const text = `${bom}# the list below, ids:\nsite:\n  name: x ids:\nids:\n${list(IDS)}`.replace(/\n/g, eol);
        for (const given of [text, ChunkedText.from(text, 5)]) {
          const file = parseFile(given);
          assert.notEqual(file.documents.get(0)!.longIdsList, undefined, `the fast path read the list (${JSON.stringify(eol)}, BOM: ${bom !== ''})`);
          assert.deepStrictEqual(fileDump(file), fileDump(fullParse(text)));
        }
      }
    }
  });

  test('is used on plain generated files, with the same AST, values, diagnostics and ranges', () => {
    const files: Array<[string, string]> = [
      ['ids then site', `ids:\n${list(IDS)}${SITE}`],
      ['site then ids at the end', `${SITE}ids:\n${list(IDS)}`],
      ['indent 0', `ids:\n${list(IDS, '')}${SITE}`],
      ['indent 4', `ids:\n${list(IDS, '    ')}${SITE}`],
      ['leading comment', `# yaml-language-server: $schema=x.json\n# hi\nids:\n${list(IDS)}${SITE}`],
      ['two documents', `ids:\n${list(IDS)}${SITE}---\nids:\n${list(IDS.slice().reverse())}${SITE}`],
      ['ids before ---', `${SITE}ids:\n${list(IDS)}---\nids:\n${list(IDS)}site: {}\n`],
      ['errors elsewhere (schema)', `ids:\n${list(IDS)}site:\n  name: 5\nreport_type: nope\nunknown: 1\n`],
      ['repeated ids', `ids:\n${list([...IDS, ...IDS.slice(0, 5)])}${SITE}`],
      ['ids with _ and -', `ids:\n${list(IDS.map((id, i) => (i % 3 === 0 ? `${id}_x-y` : id)))}${SITE}`],
      ['letters-only and digit-leading ids', `ids:\n${list(IDS.map((id, i) => (i % 2 ? `9${id}` : 'abcdef')))}${SITE}`],
      ['document end marker (one slice)', `ids:\n${list(IDS)}${SITE}...\n---\nids:\n${list(IDS)}${SITE}`],
      ['directive (one slice)', `%YAML 1.2\n---\nids:\n${list(IDS)}${SITE}`],
      ['explicit start', `---\nids:\n${list(IDS)}${SITE}`],
      ['second ids key later (duplicate key error)', `ids:\n${list(IDS)}${SITE}ids:\n  - a\n`],
      ['CRLF line breaks', `# x\nids:\n${list(IDS)}${SITE}`.replace(/\n/g, '\r\n')],
      ['CRLF line breaks, an item being typed', `ids:\n${list(IDS.slice(0, N / 2))}  - \n${list(IDS.slice(N / 2))}${SITE}`.replace(/\n/g, '\r\n')],
    ];
    for (const [label, text] of files) {
      const used = check(text, label);
      if (!label.includes('duplicate')) assert.ok(used, `${label}: the fast path should be used`);
    }
  });

  test('steps aside (and still agrees) on everything unusual', () => {
    const half = IDS.slice(0, N / 2);
    const rest = IDS.slice(N / 2);
    const cases: Array<[string, string]> = [
      ['too short', `ids:\n${list(IDS.slice(0, MIN_FAST_IDS - 1))}${SITE}`],
      ['CRLF', `ids:\n${list(IDS)}${SITE}`.replace(/\n/g, '\r\n')],
      ['CRLF then LF', `ids:\n${list(IDS.slice(0, N / 2)).replace(/\n/g, '\r\n')}${list(IDS.slice(N / 2))}${SITE}`],
      ['lone CR', `ids:\n${list(IDS)}${SITE}`.replace(/\n/g, '\r')],
      ['CR inside a list', `ids:\n${list(IDS.slice(0, N / 2))}  - a\rb\n${list(IDS.slice(N / 2))}${SITE}`],
      ['tab after dash', `ids:\n${list(half)}  -\tx\n${list(rest)}${SITE}`],
      ['an empty quoted id, then a quote that runs on', `ids:\n${list(half)}  - "" "abc\n${list(rest)}  - x"\n${SITE}`],
      ['an empty single-quoted id, then a quote that runs on', `ids:\n${list(half)}  - '' 'abc\n${list(rest)}  - x'\n${SITE}`],
      ['comment inside', `ids:\n${list(half)}  # note\n${list(rest)}${SITE}`],
      ['comment after item', `ids:\n${list(half)}  - abc # note\n${list(rest)}${SITE}`],
      ['comment after list', `ids:\n${list(IDS)}# note\n${SITE}`],
      ['blank line after list', `ids:\n${list(IDS)}\n${SITE}`],
      ['blank line inside', `ids:\n${list(half)}\n${list(rest)}${SITE}`],
      ['trailing space', `ids:\n${list(half)}  - abc \n${list(rest)}${SITE}`],
      ['mixed indentation', `ids:\n${list(half)}${list(rest, '   ')}${SITE}`],
      ['less indented tail', `ids:\n${list(half, '    ')}${list(rest, '  ')}${SITE}`],
      ['continuation line', `ids:\n${list(IDS)}    more\n${SITE}`],
      ['continuation at column 0, indent 0', `ids:\n${list(IDS, '')}more\n${SITE}`],
      ['deeper line after', `ids:\n${list(IDS)}    - x\n${SITE}`],
      ['item after at column 0', `ids:\n${list(IDS)}- x\n${SITE}`],
      ['key at column 0 with tab after', `ids:\n${list(IDS)}site:\t\n  name: x\n`],
      ['no final line break', `${SITE}ids:\n${list(IDS)}`.slice(0, -1)],
      ['anchor', `ids:\n${list(half)}  - &a abc\n${list(rest)}${SITE}`],
      ['alias', `ids:\n  - &a abc\n${list(IDS)}  - *a\n${SITE}`],
      ['tag', `ids:\n${list(half)}  - !!str abc\n${list(rest)}${SITE}`],
      ['quoted', `ids:\n${list(half)}  - "abc"\n  - 'def'\n${list(rest)}${SITE}`],
      ['flow list', `ids: [${IDS.join(', ')}]\n${SITE}`],
      ['flow list over lines', `ids: [\n${IDS.map((id) => `  ${id},\n`).join('')}]\n${SITE}`],
      ['ids: with trailing space', `ids: \n${list(IDS)}${SITE}`],
      ['ids: with comment', `ids: # the targets\n${list(IDS)}${SITE}`],
      ['anchored list', `ids: &all\n${list(IDS)}${SITE}`],
      ['a list tagged as a mapping', `ids: !!map\n${list(IDS)}${SITE}`],
      ['a list tagged as a set, in flow', `ids: !!set [${IDS.join(', ')}]\n${SITE}`],
      ['a list with a tag of its own', `ids: !mine\n${list(IDS)}${SITE}`],
      ['an anchor without a name', `ids: &\n${list(IDS)}${SITE}`],
      ['a tag glued to the list', `ids: !!seq[${IDS.join(', ')}]\n${SITE}`],
      ['flow list, a comment line before the `]`', `ids: [\n${IDS.map((id) => `  ${id},\n`).join('')}  # end\n]\n${SITE}`],
      ['flow list with a null among numbers', `ids: [${IDS.map((_, i) => (i === N / 2 ? 'null' : String(i))).join(', ')}]\n${SITE}`],
      [
        'flow list, a comment after the last comma',
        `ids: [\n${IDS.map((id) => `  ${id},\n`)
          .join('')
          .slice(0, -1)} # end\n]\n${SITE}`,
      ],
      ['flow list, a comment after an item, before its comma', `ids: [\n${IDS.map((id, i) => `  ${id}${i === 9 ? ' # x\n ' : ''},\n`).join('')}]\n${SITE}`],
      ['flow list, an empty comment after a comma', `ids: [\n${IDS.map((id, i) => `  ${id},${i === 9 ? ' #' : ''}\n`).join('')}]\n${SITE}`],
      ['flow list, a comment right after a comma', `ids: [\n${IDS.map((id, i) => `  ${id},${i === 9 ? '# x' : ''}\n`).join('')}]\n${SITE}`],
      ['flow list, a comment after the `]`', `ids: [${IDS.join(', ')}] # all\n${SITE}`],
      ['flow list, a tab before a comment', `ids: [\n${IDS.map((id, i) => `  ${id},${i === 9 ? '\t# x' : ''}\n`).join('')}]\n${SITE}`],
      ['nested ids key', `site:\n  ids:\n${list(IDS, '    ')}  name: x\n`],
      ['an ids list nested in JSON, before the top-level one', `{"site": {"ids": [${IDS.map((id) => `"${id}"`).join(', ')}]}, "ids": ["a"]}\n`],
      ['an ids list in a flow mapping inside a list', `[{"ids": [${IDS.map((id) => `"${id}"`).join(', ')}]}]\n`],
      ['JSON whose list is the key of a mapping', `{"ids": [${IDS.join(', ')}]: 1}\n`],
      ['JSON whose list is followed by text', `{"ids": [${IDS.join(', ')}] x, "site": {}}\n`],
      ['a quoted key glued to a flow list in a block mapping', `"ids":[${IDS.join(', ')}]\n${SITE}`],
      ['a flow list in a block mapping, lines that start with a tab', `ids: [\n${IDS.map((id) => `\t${id},\n`).join('')}]\n${SITE}`],
      ['a flow list in a block mapping, a comment line and the `]` after a tab', `ids: [\n${IDS.map((id) => `  ${id},\n`).join('')}\t# end\n\t]\n${SITE}`],
      [
        'a flow list in a block mapping, an item after a tab at column 0',
        `ids: [\n${IDS.map((id, i) => `${i === 9 ? '\t' : '  '}${id},\n`).join('')}]\n${SITE}`,
      ],
      ['a plain id followed by a tab in a flow list', `ids: [${IDS.map((id, i) => (i === 9 ? `${id}\t` : id)).join(', ')}]\n${SITE}`],
      ['JSON with a tab-indented line among the ids of a list under a block key', `{"site": 1}\nids: [\n${IDS.map((id) => `\t"${id}",\n`).join('')}]\n`],
      ['a flow list followed by a colon in a block mapping', `ids: [${IDS.join(', ')}]: x\n${SITE}`],
      ['a flow list followed by text in a block mapping', `ids: [${IDS.join(', ')}] x\n${SITE}`],
      ['a flow list followed by a comma in a block mapping', `ids: [${IDS.join(', ')}],\n${SITE}`],
      ['JSON with an unclosed flow mapping', `{"ids": [${IDS.map((id) => `"${id}"`).join(', ')}],\n  "site": {"name": "x"}\n`],
      ['ids nested under a key at column 0', `site:\nids:\n${list(IDS)}`],
      ['boolean id', `ids:\n${list(half)}  - true\n${list(rest)}${SITE}`],
      ['null id', `ids:\n${list(half)}  - NULL\n${list(rest)}${SITE}`],
      ['Null id', `ids:\n${list(half)}  - Null\n${list(rest)}${SITE}`],
      ['int id', `ids:\n${list(half)}  - 123\n${list(rest)}${SITE}`],
      ['hex id', `ids:\n${list(half)}  - 0x1F\n${list(rest)}${SITE}`],
      ['octal id', `ids:\n${list(half)}  - 0o17\n${list(rest)}${SITE}`],
      ['float id', `ids:\n${list(half)}  - 1e5\n${list(rest)}${SITE}`],
      ['negative float id', `ids:\n${list(half)}  - 1e-5\n${list(rest)}${SITE}`],
      ['dash-leading id', `ids:\n${list(half)}  - -abc\n${list(rest)}${SITE}`],
      ['nested sequence item', `ids:\n${list(half)}  - - abc\n${list(rest)}${SITE}`],
      ['mapping item', `ids:\n${list(half)}  - a: b\n${list(rest)}${SITE}`],
      ['dash without space', `ids:\n${list(half)}  -abc\n${list(rest)}${SITE}`],
      ['unicode id', `ids:\n${list(half)}  - caf\u00e9\n${list(rest)}${SITE}`],
      ['inside a root block scalar', `--- |\nids:\n${list(IDS)}`],
      ['inside a root literal after text', `|\n x\nids:\n${list(IDS)}`],
      ['inside a multi-line quoted scalar', `a: "x\nids:\n${list(IDS)}b"\n`],
      ['inside an unclosed quoted scalar', `a: "x\nids:\n${list(IDS)}${SITE}`],
      ['inside a single-quoted scalar', `a: 'x\nids:\n${list(IDS)}'\n`],
      ['inside a flow mapping', `{\nids:\n${list(IDS)}}\n`],
      ['inside a flow mapping, key after', `{ a: 1,\nids:\n${list(IDS)}b: 2 }\n`],
      ['root is a sequence', `- x\nids:\n${list(IDS)}`],
      ['duplicate ids key before', `ids:\n  - a\nids:\n${list(IDS)}${SITE}`],
      ['tab-indented key after', `ids:\n${list(IDS)}site:\n\tname: x\n`],
      ['syntax error elsewhere', `ids:\n${list(IDS)}site:\n  name: [x\n`],
      ['bad indentation after', `ids:\n${list(IDS)}site:\n  name: x\n   url: y\n`],
      ['byte order mark', `\uFEFFids:\n${list(IDS)}${SITE}`],
      ['document marker inside', `ids:\n${list(half)}---\n${list(rest)}${SITE}`],
      ['complex key before', `? [a]\n: 1\nids:\n${list(IDS)}`],
      ['list value of the previous key', `a:\nids:\n${list(IDS)}`],
      ['empty ids key then text', `ids:\n${list(IDS)}site:\n  name: "unclosed\n`],
    ];
    for (const [label, text] of cases) check(text, label);
  });

  test('random files agree', () => {
    const random = mulberry32(20240601);
    const pick = <T>(xs: readonly T[]): T => at(xs, Math.floor(random() * xs.length));
    const oddLines = [
      '  # c\n',
      '\n',
      '  - true\n',
      '  - 12\n',
      '  - "q"\n',
      '  -\tx\n',
      '   - y\n',
      '    z\n',
      '  - &a k\n',
      '  - *a\n',
      '  - a b\n',
      '  - a: 1\n',
      '---\n',
      '- top\n',
      '  - x \n',
      '  - \n',
      '  - ~\n',
      '  - 0x1\n',
      'key: v\n',
      '...\n',
    ];
    const heads = ['', '# comment\n', '---\n', 'report_type: owasp\n', 'site:\n  name: x\n', '%YAML 1.2\n---\n', '--- |\n', 'a: "\n'];
    const tails = ['', SITE, '\n' + SITE, '# tail\n', '    cont\n', '- x\n', 'site: [\n', '---\nids:\n  - a\n'];
    for (let n = 0; n < 150; n++) {
      const count = MIN_FAST_IDS + Math.floor(random() * 300) - 20;
      const indent = pick(['  ', '  ', '', '    ']);
      const ids = randomIds(count, random, 1 + Math.floor(random() * 14));
      let body = '';
      for (const id of ids) {
        body += `${indent}- ${id}\n`;
        if (random() < 0.002) body += pick(oddLines);
      }
      let text = `${pick(heads)}ids:\n${body}${pick(tails)}`;
      if (random() < 0.05) text = text.replace(/\n/g, '\r\n');
      if (random() < 0.05) text = text.slice(0, -1);
      check(text, `random #${n}`);
    }
  });

  test('an edit through the LanguageService gives the same parse as a fresh full parse', () => {
    const random = mulberry32(3);
    const cache = new LanguageService(() => 'unset');
    let text = `ids:\n${list(IDS)}${SITE}---\nids:\n${list(IDS)}${SITE}`;
    for (let version = 1; version <= 40; version++) {
      const at = Math.floor(random() * text.length);
      const op = random();
      text =
        op < 0.4
          ? text.slice(0, at) + pick(random) + text.slice(at)
          : op < 0.8
            ? text.slice(0, at) + text.slice(at + 1)
            : text.slice(0, at) + pick(random) + text.slice(at + 1);
      const cached = cache.parse('file:///a.yaml', version, text);
      const full = fullParse(text);
      assert.deepStrictEqual(fileDump(cached), fileDump(full), `edit ${version}`);
    }
    function pick(r: () => number): string {
      return at(['a', '-', ' ', '\n', '#', ':', '0', '"'], Math.floor(r() * 8));
    }
  });

  test('each version reads only the lines an edit touched, makes the node of an id only when asked, and parses as a fresh full parse', () => {
    const cache = new LanguageService(() => 'unset');
    const uri = 'file:///typing.yaml';
    const head = `ids:\n${list(IDS)}`;
    const middleId = at(IDS, N / 2);
    const versions: Array<[string, string, number]> = [
      ['the first version reads every line', `${head}${SITE}`, N + 2],
      ['an edit after the list reads none', `${head}${SITE.replace('Shop', 'Shoq')}`, 0],
      ['and again', `${head}${SITE.replace('Shop', 'Shoqx')}`, 0],
      [
        'an id typed in front of the first one reads the lines around it',
        `${head}${SITE.replace('Shop', 'Shoqx')}`.replace(`  - ${at(IDS, 0)}\n`, `  - new${at(IDS, 0)}\n`),
        3,
      ],
      ['a letter of it deleted', `${head}${SITE.replace('Shop', 'Shoqx')}`.replace(`  - ${at(IDS, 0)}\n`, `  - ne${at(IDS, 0)}\n`), 3],
      ['the first id back as it was', `${head}${SITE.replace('Shop', 'Shoqx')}`, 3],
      ['an id appended reads the lines around it', `${head}  - added\n${SITE}`, 3],
      ['an id changed in the middle reads the lines around it', `${head}  - added\n${SITE}`.replace(middleId, `${middleId}z`), 3],
      ['a comment line typed into the list', `${head}  - added\n${SITE}`.replace(`  - ${middleId}z\n`, `  - ${middleId}z\n  # why\n`), 4],
      ['an edit above the list moves it and reads none', `# top\n${head}  - added\n${SITE}`, 0],
      ['a comment right after the list (the full parse)', `# top\n${head}#${SITE}`, 4],
      ['the comment taken back', `# top\n${head}${SITE}`, 4],
      ['a comment typed after `ids:` reads none', `# top\nids: # targets\n${list(IDS)}${SITE}`, 0],
      ['a comment line typed below `ids:` reads none', `# top\nids: # targets\n# batch 1\n${list(IDS)}${SITE}`, 0],
      ['an anchor typed after the key reads none', `# top\nids: &all # targets\n# batch 1\n${list(IDS)}${SITE}`, 0],
    ];
    for (const [v, [label, text, lines]] of versions.entries()) {
      const before = fastIdsStats.linesRead;
      const cached = cache.parse(uri, v + 1, text);
      assert.ok(fastIdsStats.linesRead - before <= lines, `${label}: read ${fastIdsStats.linesRead - before} lines, at most ${lines} expected`);
      const document = cached.documents.get(0)!.document;
      const made = fastIdsStats.nodesMade;
      const node = nodeAtPath(document, ['ids', 10])?.value;
      assert.ok(fastIdsStats.nodesMade - made <= 1, `${label}: looking at one id made ${fastIdsStats.nodesMade - made} nodes`);
      assert.equal(nodeAtPath(document, ['ids', 10])?.value, node, `${label}: the node of an id is the same when asked again`);
      assert.deepStrictEqual(fileDump(cached), fileDump(fullParse(text)), label);
    }
  });

  test('a key typed above a bare list, misspelled and mended, reads no line of the list again, and parses as a fresh full parse', () => {
    const cache = new LanguageService(() => 'unset');
    const uri = 'file:///pasted.yaml';
    const bare = list(IDS, '');
    const versions: Array<[string, number]> = [
      [bare, N],
      [`\n${bare}`, 0],
      // While no key heads it, the list is kept all the same (a multi-line plain scalar, as the `yaml` parse reads it).
      ...['i', 'id', 'ids', 'ids:', 'idx:', 'Idx:', 'Ids:', 'ids:'].map((key): [string, number] => [`${key}\n${bare}`, 0]),
      // (The settings appended after the list: its last line is read again, and the one that ends it.)
      [`ids:\n${bare}${SITE}`, 2],
    ];
    for (const [v, [text, lines]] of versions.entries()) {
      const before = fastIdsStats.linesRead;
      const cached = cache.parse(uri, v + 1, text);
      const label = `version ${v + 1}, ${JSON.stringify(text.slice(0, 8))}`;
      assert.ok(fastIdsStats.linesRead - before <= lines, `${label}: read ${fastIdsStats.linesRead - before} lines, at most ${lines} expected`);
      assert.deepStrictEqual(fileDump(cached), fileDump(fullParse(text)), label);
      assert.deepStrictEqual(validateFile(cached), fullDiagnostics(text), label);
    }
  });

  test('edits told as changes to a list without an `ids` key: the key typed or mended is found, and the list read fast under it', () => {
    const cache = new LanguageService(() => 'unset');
    const uri = 'file:///told.yaml';
    const bare = list(IDS, '');
    // Each version as an edit of the one before, told to the service as the server tells it.
    const edits: Array<{ label: string; at: number; remove: number; insert: string; underIds: boolean }> = [
      { label: 'an id edited in the bare list', at: 5, remove: 1, insert: 'Q', underIds: false },
      { label: 'a misspelled key typed above it', at: 0, remove: 0, insert: 'idx:\n', underIds: false },
      { label: 'an id edited under the misspelled key', at: 12, remove: 1, insert: 'R', underIds: false },
      { label: 'the key mended', at: 2, remove: 1, insert: 's', underIds: true },
      { label: 'an id edited under `ids`', at: 12, remove: 1, insert: 'S', underIds: true },
      { label: 'the key misspelled again', at: 2, remove: 1, insert: 'z', underIds: false },
    ];
    let text = bare;
    cache.parse(uri, 1, text);
    for (const [v, e] of edits.entries()) {
      text = text.slice(0, e.at) + e.insert + text.slice(e.at + e.remove);
      cache.changed(uri, { start: e.at, oldEnd: e.at + e.remove, newEnd: e.at + e.insert.length });
      const restored = fastIdsStats.restored;
      const cached = cache.parse(uri, v + 2, text);
      assert.equal(fastIdsStats.restored - restored, 1, `${e.label}: the list read fast`);
      const value = cached.documents.get(0)!.value as Record<string, unknown> | unknown[];
      assert.equal(!Array.isArray(value) && Array.isArray(value.ids), e.underIds, `${e.label}: the list is that of \`ids\``);
      assert.deepStrictEqual(fileDump(cached), fileDump(fullParse(text)), e.label);
    }
  });

  test('a list with an item being typed, a comment, a blank line or an odd item in it keeps the fast path, and agrees', () => {
    const half = IDS.slice(0, N / 2);
    const rest = IDS.slice(N / 2);
    const cases: Array<[string, string]> = [
      ['an item being typed in the middle', `ids:\n${list(half)}  - \n${list(rest)}${SITE}`],
      ['an empty item at the end', `ids:\n${list(IDS)}  -\n${SITE}`],
      ['a comment line inside', `ids:\n${list(half)}  # note\n${list(rest)}${SITE}`],
      ['a comment after an item', `ids:\n${list(half)}  - abc # note\n${list(rest)}${SITE}`],
      ['a blank line inside', `ids:\n${list(half)}\n${list(rest)}${SITE}`],
      ['a quoted id inside', `ids:\n${list(half)}  - "abc"\n${list(rest)}${SITE}`],
      ['a boolean-looking id inside', `ids:\n${list(half)}  - true\n${list(rest)}${SITE}`],
      ['a mapping item inside', `ids:\n${list(half)}  - a: b\n    c: d\n${list(rest)}${SITE}`],
      ['a deeper line after an id', `ids:\n${list(half)}    more\n${list(rest)}${SITE}`],
      ['a comment after the list', `ids:\n${list(IDS)}# note\n${SITE}`],
    ];
    for (const [label, text] of cases) assert.ok(check(text, label), `${label}: the fast path should be used`);
  });

  test('an id edited away and typed back, made a repeat and undone, is counted right at every version', () => {
    const cache = new LanguageService(() => 'unset');
    const uri = 'file:///counts.yaml';
    const [a, b] = [at(IDS, 10), at(IDS, -20)];
    const base = `ids:\n${list(IDS)}${SITE}`;
    // Each version is told its change as a server is: only the edited id's line is read again.
    const versions = [
      base,
      base.replace(`- ${a}\n`, `- ${a}z\n`), // a held by no item
      base, // a back
      base.replace(`- ${b}\n`, `- ${a}\n`), // a held twice, b by none
      base.replace(`- ${b}\n`, `- ${a}\n`).replace(`- ${a}\n`, `- ${a}y\n`), // a once more, at b's place
      base,
    ];
    for (const [file, text, v] of parsedVersions(cache, uri, versions)) {
      assert.deepStrictEqual(validateFile(file), fullDiagnostics(text), `version ${v + 1}`);
    }
  });

  test("a flow list's comments and blank lines follow edits among them, as on the full parse", () => {
    const cache = new LanguageService(() => 'unset');
    const uri = 'file:///flow-comments.yaml';
    const base = `ids: [\n${IDS.map((id, i) => `  ${id},${i === 20 ? ' # t' : ''}\n${i === 40 ? '  # c\n' : ''}`).join('')}]\n${SITE}`;
    const plain = `ids: [\n${IDS.map((id) => `  ${id},\n`).join('')}]\n${SITE}`;
    const versions = [
      plain,
      plain.replace(`  ${at(IDS, 41)},\n`, `  # c\n  ${at(IDS, 41)},\n`), // the list's first comment, before an item kept
      plain,
      base,
      base.replace('  # c\n', '  # cX\n'), // a comment line's text, right before an item kept
      base.replace('  # c\n', '  # c\n\n'), // a blank line after it
      base.replace('  # c\n', '\n  # c\n'), // a blank line before it
      base.replace('  # c\n', ''), // gone
      base.replace(' # t\n', ' # tY\n'), // a comment after a comma
      base.replace(' # t\n', '\n  # moved\n'), // made a comment line of the next item
      base,
    ];
    for (const [file, text, v] of parsedVersions(cache, uri, versions)) {
      assert.ok(file.documents.get(0)?.longIdsList !== undefined, `version ${v + 1}: the fast path read the list`);
      sameIdsOneByOne(file, fullParse(text), `version ${v + 1}`, 1);
      assert.deepStrictEqual(fileDump(file), fileDump(fullParse(text)), `version ${v + 1}`);
    }
  });

  test("edits at a flow list's `]` and right after it, in a block mapping and in JSON, parse as a fresh full parse", () => {
    const bases = [
      `ids: [${IDS.join(', ')}]\n${SITE}`,
      `ids: [\n${IDS.map((id) => `  ${id},\n`).join('')}]\n${SITE}`,
      `${json(IDS, '  ')}\n`,
      `{"ids":[${IDS.map((id) => `"${id}"`).join(',')}],"site":{"name":"x"}}`,
    ];
    for (const [b, base] of bases.entries()) {
      const close = base.lastIndexOf(']');
      const edit = (at: number, removed: number, insert: string): string => base.slice(0, at) + insert + base.slice(at + removed);
      const versions = [
        base,
        edit(close, 1, ''), // the `]` deleted
        base,
        edit(close, 0, 'x'), // typed before it
        base,
        edit(close + 1, 0, 'x'), // typed right after it
        base,
        edit(close + 1, 0, ': 1'), // the list made a key
        base,
        edit(close, 1, '}'), // closed by the wrong bracket
        base,
        edit(close - 1, 2, ''), // the last character of the last id and the `]`
        base,
      ];
      const cache = new LanguageService(() => 'unset');
      for (const [file, text, v] of parsedVersions(cache, `file:///close-${b}.yaml`, versions)) {
        const label = `base ${b + 1}, version ${v + 1}`;
        if (text === base) assert.ok(file.documents.get(0)?.longIdsList !== undefined, `${label}: the fast path read the list`);
        assert.deepStrictEqual(fileDump(file), fileDump(fullParse(text)), label);
        assert.deepStrictEqual(validateFile(file), fullDiagnostics(text), `${label}: diagnostics`);
      }
    }
  });

  test('a repeated id is found where it stands after each edit, though the last version found it elsewhere', () => {
    const cache = new LanguageService(() => 'unset');
    const uri = 'file:///repeats.yaml';
    const [a, b, c, d] = [at(IDS, 5), at(IDS, 30), at(IDS, 60), at(IDS, 40)];
    const repeated = `ids:\n${list(IDS)}${SITE}`.replace(`- ${b}\n`, `- ${a}\n`); // a at 5 and 30
    const versions = [
      repeated,
      repeated.replace(`- ${c}\n`, `- ${a}\n`), // a third copy, past the two found
      repeated,
      repeated.replace(`- ${at(IDS, 2)}\n`, `- ${at(IDS, 2)}\n  - new\n`), // both moved down a line
      repeated.replace(`- ${a}\n`, `- ${b}\n`).replace(`- ${d}\n`, `- ${a}\n`), // as many copies, one elsewhere
      repeated,
    ];
    for (const [file, text, v] of parsedVersions(cache, uri, versions)) {
      const diagnostics = validateFile(file);
      assert.ok(
        diagnostics.some((d) => d.code === 'duplicate-id'),
        `version ${v + 1}: a repeat is reported`,
      );
      assert.deepStrictEqual(diagnostics, fullDiagnostics(text), `version ${v + 1}`);
    }
  });

  test('a list with items the parse reads keeps its values right when a line becomes such an item, though no id changed', () => {
    const cache = new LanguageService(() => 'unset');
    const uri = 'file:///mixed.yaml';
    const [a, b, c] = [IDS.slice(0, 40), IDS.slice(40, 90), IDS.slice(90)];
    const mixed = `ids:\n${list(a)}  - !!str odd\n${list(b)}  # note\n${list(c)}${SITE}`;
    const versions = [mixed, mixed.replace('  # note\n', '  - !!str other\n'), mixed];
    // (Each version is parsed as the loop asks for it: the count is taken after the last one's.)
    let restored = fastIdsStats.restored;
    for (const [file, text, v] of parsedVersions(cache, uri, versions)) {
      assert.equal(fastIdsStats.restored, restored + 1, `version ${v + 1}: the fast path's parse is used`);
      restored = fastIdsStats.restored;
      assert.deepStrictEqual(fileDump(file), fileDump(fullParse(text)), `version ${v + 1}`);
    }
  });

  test('typing a new id into a long list, one character at a time, agrees with the full parse and keeps the fast path', () => {
    const cache = new LanguageService(() => 'unset');
    const uri = 'file:///typing-ids.yaml';
    const half = IDS.slice(0, N / 2);
    const rest = IDS.slice(N / 2);
    const restoredBefore = fastIdsStats.restored;
    let version = 0;
    for (const [before, after] of [
      [`ids:\n${list(half)}`, `${list(rest)}${SITE}`], // a new line in the middle
      [`ids:\n${list(IDS)}`, SITE], // a new line at the end
    ]) {
      // Enter opens the line; then the characters of the item, one at a time.
      const typed = '  - NEW-id_9';
      for (let i = 0; i <= typed.length; i++) {
        const text = `${before}${typed.slice(0, i)}\n${after}`;
        version++;
        assert.deepStrictEqual(fileDump(cache.parse(uri, version, text)), fileDump(fullParse(text)), JSON.stringify(typed.slice(0, i)));
      }
    }
    assert.equal(fastIdsStats.restored - restoredBefore, version, 'the fast path at every step');
  });

  test('a list with an item the fast path does not read, edited to fewer and more items, agrees with the full parse at every version', () => {
    // Its items and values are then filled in place, version after version (fastIds.ts): a list
    // that shrinks must not keep the last version's items at its end.
    const cache = new LanguageService(() => 'unset');
    const uri = 'file:///odd-item.yaml';
    const odd = '  - true\n'; // a boolean: the composer's to read
    const half = IDS.slice(0, N / 2);
    const rest = IDS.slice(N / 2);
    const versions = [
      `ids:\n${list(half)}${odd}${list(rest)}${SITE}`,
      `ids:\n${list(half.slice(5))}${odd}${list(rest)}${SITE}`,
      `ids:\n${list(half.slice(5))}${odd}${list(rest.slice(0, -3))}${SITE}`,
      `ids:\n${list(half.slice(5))}${odd}${list(rest.slice(0, -3))}${list(['more1', 'more2', 'more3'])}${SITE}`,
      `ids:\n${list(half.slice(5))}${odd}${odd}${list(rest.slice(0, -3))}${SITE}`,
      `ids:\n${list(half.slice(5))}${list(rest.slice(0, -3))}${SITE}`,
      `ids:\n${list(half.slice(9))}${odd}${list(rest.slice(0, -8))}${SITE}`,
    ];
    const restoredBefore = fastIdsStats.restored;
    versions.forEach((text, i) => {
      const cached = cache.parse(uri, i + 1, text);
      assert.deepStrictEqual(fileDump(cached), fileDump(fullParse(text)), `version ${i + 1}`);
      assert.deepStrictEqual(validateFile(cached), fullDiagnostics(text), `diagnostics of version ${i + 1}`);
    });
    assert.equal(fastIdsStats.restored - restoredBefore, versions.length, 'the fast path at every version');
  });

  test('a list with ids written as numbers and true/false, edited one id at a time, agrees with the full parse at every version', () => {
    // Such items stay in the runs (TYPED in idsText.ts), listed apart from the ids the parse vouches
    // for; their values are filled in place, and after an edit that leaves every item in its place
    // only the items it changed are written again (fillValues): each version's values must be its own.
    const uri = 'file:///typed.yaml';
    const ids = IDS.map((id, i) => (i % 4 === 1 ? at(TYPED_IDS, i % TYPED_IDS.length) : id));
    const { versions, edit } = editedVersions(`ids:\n${list(ids)}${SITE}`);
    const first = ids[1]!;
    edit(`  - ${first}\n`, `  - ${first}9\n`); // a typed id's text changed (to another number, or to text)
    edit(`  - ${first}9\n`, `  - ${first}\n`); // and back
    edit(`  - ${ids[2]}\n`, '  - 4711\n'); // an id made a number
    edit('  - 4711\n', `  - ${ids[2]}\n`); // and text again
    edit(`  - ${ids[6]}\n`, '  - 0x1F\n'); // another, in hex
    edit(`  - ${ids[7]}\n`, '  - true\n  - 12\n'); // two put in for one: every item after it moved
    edit('name: Shop', 'name: Shoq'); // an edit outside the list
    edit(`  - ${ids[0]}\n`, '  - 1e5\n'); // the first item (the one the stand-in keeps) a number
    edit(`  - ${ids[9]}\n`, `  - ${ids[9]}\n  - 12\n`); // a number that repeats another: no repeat (not an id)
    edit(`  - ${ids[11]}\n`, '  - null\n'); // a null: left to the parser, an empty id
    edit(`  - ${ids[3]}\n`, ''); // an item taken out before the typed ones: each moves up
    agreesAtEveryVersion(uri, versions);
  });

  test('a flow list with ids written as numbers and true/false (JSON, as a program writes it), edited one id at a time, agrees with the full parse at every version', () => {
    const uri = 'file:///typed-flow.yaml';
    const ids = IDS.map((id, i) => (i % 4 === 1 ? at(TYPED_IDS, i % TYPED_IDS.length) : `"${id}"`));
    const { versions, edit } = editedVersions(`{"ids": [${ids.join(', ')}], "site": {"name": "x"}}\n`);
    edit(`, ${ids[1]},`, `, ${ids[1]}9,`); // a typed id's text changed (to another number, or to text)
    edit(`, ${ids[1]}9,`, `, ${ids[1]},`); // and back
    edit(`, ${ids[2]},`, ', 4711,'); // an id made a number
    edit(', 4711,', `, ${ids[2]},`); // and text again
    edit(`, ${ids[6]},`, ', 0x1F,'); // another, in hex
    edit(`, ${ids[7]},`, ', true, 12,'); // two put in for one: every item after it moved
    edit('"name": "x"', '"name": "y"'); // an edit outside the list
    edit(`[${ids[0]},`, '[1e5,'); // the first item (the one the stand-in keeps) a number
    edit(`, ${ids[9]},`, `, ${ids[9]}, 12,`); // a number that repeats another: no repeat (not an id)
    edit(`, ${ids[3]},`, ','); // an item taken out before the typed ones: each moves up
    agreesAtEveryVersion(uri, versions);
  });

  test('the benchmark files, as generated and with problems in them, give the diagnostics of the full parse', () => {
    for (const n of SIZES) {
      const { text, ids } = targetSettingsFile(n);
      const middle = text.indexOf(at(ids, n >> 1)) - '  - '.length;
      const variants: Array<[string, string]> = [
        ['as generated', text],
        ['a repeated id and a bad value', text.replace(`  - ${ids[1]}\n`, `  - ${ids[0]}\n`).replace('report_type: owasp', 'report_type: nope')],
        ['an id being typed in the middle', `${text.slice(0, middle)}  - \n${text.slice(middle)}`],
        ['a number among the ids', `${text.slice(0, middle)}  - 12345\n${text.slice(middle)}`],
      ];
      for (const [label, variant] of variants) {
        const fast = validateText(variant);
        assert.deepStrictEqual(fast, fullDiagnostics(variant), `${n} ids, ${label}`);
        if (label !== 'as generated') assert.ok(fast.length > 0, `${n} ids, ${label}: has diagnostics`);
      }
    }
  });

  test('every shape of list a real file takes keeps the fast path, and agrees', () => {
    const styled = (style: (id: string, i: number) => string, indent = '  ') => IDS.map((id, i) => `${indent}- ${style(id, i)}\n`).join('');
    const cases: Array<[string, string]> = [
      ['double-quoted ids', `ids:\n${styled((id) => `"${id}"`)}${SITE}`],
      ['single-quoted ids', `ids:\n${styled((id) => `'${id}'`)}${SITE}`],
      ["single-quoted ids with ''", `ids:\n${styled((id, i) => (i % 7 ? `'${id}'` : `'it''s-${id}'`))}${SITE}`],
      ['mixed styles', `ids:\n${styled((id, i) => at([id, `"${id}"`, `'${id}'`], i % 3))}${SITE}`],
      [
        'quoted ids that look like numbers and booleans',
        `ids:\n${styled((id, i) => (i % 5 ? `"${id}"` : at(['"123"', "'true'", '"null"', "'0x1F'", '"1e5"'], i % 4)))}${SITE}`,
      ],
      ['a comment every few items', `ids:\n${styled((id, i) => (i % 6 === 5 ? `${id}\n  # group ${i}` : id))}${SITE}`],
      ['comments at column 0 between items', `ids:\n${styled((id, i) => (i % 9 === 8 ? `${id}\n# group ${i}` : id))}${SITE}`],
      ['blank lines between items', `ids:\n${styled((id, i) => (i % 4 === 3 ? `${id}\n` : id))}${SITE}`],
      ['blank lines and comments mixed', `ids:\n${styled((id, i) => (i % 10 === 9 ? `${id}\n\n  # a\n\n  # b` : i % 10 === 4 ? `${id}\n  #\n` : id))}${SITE}`],
      ['trailing comments on items', `ids:\n${styled((id, i) => (i % 3 ? id : `${id} # ${i}`))}${SITE}`],
      ['trailing spaces on items', `ids:\n${styled((id, i) => (i % 3 ? id : `${id}   `))}${SITE}`],
      ['flow list', `ids: [${IDS.join(', ')}]\n${SITE}`],
      ['flow list, quoted, tight', `ids: [${IDS.map((id) => `"${id}"`).join(',')}]\n${SITE}`],
      ['flow list, spaces around commas, trailing spaces', `ids: [ ${IDS.map((id, i) => (i % 2 ? `'${id}'` : id)).join(' , ')} ]   \n${SITE}`],
      ['flow list at the end without a line break', `${SITE}ids: [${IDS.join(', ')}]`],
      ['flow list, CRLF', `ids: [${IDS.join(', ')}]\n${SITE}`.replace(/\n/g, '\r\n')],
      ['flow list, one id per line', `ids: [\n${IDS.map((id) => `  ${id},\n`).join('')}]\n${SITE}`],
      [
        'flow list over lines, several per line, quoted, CRLF',
        `ids: [${IDS.map((id, i) => `${i % 3 ? '' : '\n    '}"${id}"`).join(', ')}\n  ]\n${SITE}`.replace(/\n/g, '\r\n'),
      ],
      ['flow list on the line below its key', `ids:\n  [${IDS.join(', ')}]\n${SITE}`],
      [
        'flow list over lines below its key, a comment line and a blank line, and an anchor, before it, CRLF',
        `ids: &all # t\n  # all of them\n\n  [\n${IDS.map((id) => `    ${id},\n`).join('')}  ]\n${SITE}`.replace(/\n/g, '\r\n'),
      ],
      ['flow list below a misspelled key, in the second document', `ids: [a]\n---\nidx:\n [${IDS.join(',')}]\n${SITE}`],
      ['flow list over lines, trailing comma, ] at column 0', `ids: [\n${IDS.map((id) => `  '${id}',\n`).join('')}]\n${SITE}`],
      ['CRLF, quoted, with comments', `ids:\n${styled((id, i) => (i % 8 === 7 ? `"${id}"\n  # c` : `"${id}"`))}${SITE}`.replace(/\n/g, '\r\n')],
      ['lone CR', `ids:\n${list(IDS)}${SITE}`.replace(/\n/g, '\r')],
      ['byte order mark', `\uFEFFids:\n${list(IDS)}${SITE}`],
      ['byte order mark and CRLF', `\uFEFFids:\n${list(IDS)}${SITE}`.replace(/\n/g, '\r\n')],
      [
        'CRLF and LF mixed line by line, with a byte order mark',
        `\uFEFFids:\n${list(IDS)}${SITE}`.replace(/\n/g, (_m, i: number) => (i % 2 === 0 ? '\r\n' : '\n')),
      ],
      [
        'CRLF and LF in stretches, with comments and blank lines',
        `ids:\n${styled((id, i) => (i % 9 === 8 ? `${id}\n\n  # c` : id))}${SITE}`.replace(/\n/g, (_m, i: number) =>
          Math.floor(i / 200) % 2 === 0 ? '\r\n' : '\n',
        ),
      ],
      ['a syntax error elsewhere', `ids:\n${list(IDS)}site:\n  name: [x\n`],
      ['a bad indentation elsewhere', `ids:\n${list(IDS)}site:\n  name: x\n   url: y\n`],
      // (The ids before the quote must be a long run on their own: after it the quoted scalar runs on.)
      ['an unclosed quote being typed', `ids:\n${list(IDS.slice(0, N - 10))}  - "abc\n${list(IDS.slice(N - 10))}${SITE}`],
      ['an unclosed single quote being typed at the end', `ids:\n${list(IDS)}  - 'abc\n${SITE}`],
      ['an unclosed quote among quoted ids', `ids:\n${styled((id, i) => (i === N - 10 ? `"${id}` : `"${id}"`))}${SITE}`],
      ['an unclosed quote elsewhere', `ids:\n${list(IDS)}site:\n  name: "unclosed\n`],
      ['an odd item repeating an id of a run', `ids:\n${list(IDS)}  - !!str ${IDS[3]}\n${SITE}`],
      ['an odd item repeating an odd item', `ids:\n${list(IDS)}  - !!str abc\n  - &x abc\n${SITE}`],
      ['a blank quoted id and an empty one among the ids', `ids:\n${list(IDS)}  - "  "\n  - ''\n  -\n${SITE}`],
      ['a number and a boolean among the ids', `ids:\n${list(IDS)}  - 12\n  - true\n${SITE}`],
      ['a repeated id inside the runs', `ids:\n${list(IDS)}${list(IDS.slice(0, 3))}${SITE}`],
      // Typing a quote where the editor closes it: an empty quoted id near the top of the list.
      ['an empty quoted id near the top', `ids:\n${list(IDS.slice(0, 3))}  - ""\n${list(IDS.slice(3))}${SITE}`],
      ['blank quoted ids near the top, one with text after it', `ids:\n  - '  '\n  - "" x\n${list(IDS)}${SITE}`],
      ['a comment after `ids:`', `ids: # production\n${list(IDS)}${SITE}`],
      ['spaces after `ids:`', `ids:   \n${list(IDS)}${SITE}`],
      ['a tab after `ids:`, and one before a comment there', `ids:\t\n${list(IDS)}${SITE}---\nids: \t# t\n${list(IDS)}${SITE}`],
      ['an anchor and the default tag on the list, aliased below', `ids: &all !!seq # t\n${list(IDS)}${SITE}also: *all\n`],
      ['an anchor and the default tag on a flow list', `ids: !!seq\t&all [${IDS.join(', ')}]\n${SITE}`],
      [
        'flow list with comment lines, blank lines and comments after commas',
        `ids: [ # top\n${IDS.map((id, i) => `  ${id},${i % 7 === 3 ? ' # note' : ''}\n${at(['', '', '  # c\n', '\n', '# col 0\n  # two\n', '\n  # after a blank\n', '  # then a blank\n\n', '  #\n'], i % 8)}`).join('')}  last\n]\n${SITE}`,
      ],
      [
        'flow list with comments, CRLF, several ids a line',
        `ids: [\n${IDS.map((id, i) => `${i % 3 ? ' ' : '  '}${id},${i % 3 === 2 ? (i % 9 === 2 && i < N - 1 ? ' # t\n\n  # c\n' : '\n') : ''}`).join('')}\n]\n${SITE}`.replace(
          /\n/g,
          '\r\n',
        ),
      ],
      ['ids aligned with more spaces after the dash', `ids:\n${IDS.map((id, i) => `  -${' '.repeat(1 + (i % 3))}${id}\n`).join('')}${SITE}`],
      ['quoted ids after more spaces, one being typed', `ids:\n${styled((id, i) => (i === N - 10 ? `  "${id}` : `   '${id}'`))}${SITE}`],
      ['a comment line and a blank line before the first id', `ids:\n  # production\n\n# checked\n${list(IDS)}${SITE}`],
      ['several documents, the list in the second', `ids: [a]\nsite: {}\n---\nids:\n${styled((id) => `"${id}"`)}${SITE}---\nids: [b]\n`],
      ['a double-quoted key, as some programs write keys', `"ids":\n${list(IDS)}${SITE}`],
      // JSON is YAML: a file a program wrote with JSON.stringify or jq, pretty-printed or on one line.
      ['JSON, pretty-printed', `${json(IDS, '  ')}\n`],
      [
        'JSON on one line, ids after the site',
        `{"site":{"name":"x","url":"https://s.example"},"ids":[${IDS.map((id) => `"${id}"`).join(',')}],"report_type":"owasp"}`,
      ],
      ['JSON, CRLF, with a byte order mark', `\uFEFF${json(IDS, '    ')}\n`.replace(/\n/g, '\r\n')],
      ['JSON indented with tabs', `${json(IDS, '\t')}\n`],
      ['JSON not indented, over lines', `{\n"ids": [\n${IDS.map((id) => `"${id}"`).join(',\n')}\n],\n"site": {"name": "x"}\n}\n`],
      [
        'a flow list with tabs between its items, and lines that start with a space and a tab',
        `ids: [${IDS.map((id, i) => (i % 9 === 8 ? `\n \t${id}` : id)).join(',\t')}\t]\n${SITE}`,
      ],
      ['JSON, the ids last, `]` and `}` on one line', `{\n  "site": {\n    "name": "x"\n  },\n  "ids": [\n${IDS.map((id) => `    "${id}"`).join(',\n')}]}\n`],
      ['a YAML flow mapping with plain keys and ids', `{ site: { name: x }, ids: [${IDS.join(', ')}], report_type: owasp }\n`],
      [
        'a flow mapping over lines after a comment and a `---`',
        `# targets\n---\n{\n  ids: [\n${IDS.map((id) => `    ${id},\n`).join('')}  ],\n  report_type: owasp\n}\n`,
      ],
      ['JSON with a comment after the list (YAML reads it)', `{\n  "ids": [${IDS.map((id) => `"${id}"`).join(', ')}], # all\n  "report_type": "owasp"\n}\n`],
      ['a flow list followed on its line by another entry', `{ids: [${IDS.join(', ')}], report_type: owasp}\n`],
      ['a single-quoted key on a flow list, with a byte order mark', `\uFEFF'ids': [${IDS.join(', ')}]\n${SITE}`],
      // Ids written as numbers in a flow list: an export from a database whose ids are integers.
      [
        'JSON with ids written as numbers',
        `${json(
          IDS.map((_, i) => String(4_000_000_000 + i * 7919)),
          '  ',
        ).replace(/"(\d+)"/g, '$1')}\n`,
      ],
      [
        'a flow list with numbers, true/false and hex among the ids',
        `ids: [${IDS.map((id, i) => (i % 4 === 1 ? at(TYPED_IDS, i % TYPED_IDS.length) : id)).join(', ')}]\n${SITE}`,
      ],
      ['a flow list of numbers, one a line, the first and last too', `ids: [\n${IDS.map((_, i) => `  ${i * 3},\n`).join('')}]\n${SITE}`],
      // A misspelled key (a typo left in the file, a list pasted from another tool): invalid, but not a full parse per keystroke.
      ['a misspelled key', `idx:\n${list(IDS)}${SITE}`],
      ['a capitalised key after the settings, items at column 0, CRLF', `${SITE}Ids:\n${list(IDS, '')}`.replace(/\n/g, '\r\n')],
      ['a flow list under another key, with a byte order mark', `\uFEFFtargets: [${IDS.join(', ')}]\n${SITE}`],
      ['a short `ids` list, then a long one under a misspelled key', `ids:\n  - a\nid_s:\n${list(IDS)}${SITE}`],
      ['a key heading a list of mappings, then the misspelled key', `labels:\n  - name: x\nid-list: # all\n${list(IDS)}${SITE}`],
      ['the misspelled key twice', `idx:\n${list(IDS)}idx:\n  - a\n${SITE}`],
      ['a key `__proto__`', `__proto__:\n${list(IDS)}${SITE}`],
      // A bare list: ids pasted before their key is typed, or the lower half of a list once a `---` is typed in it.
      ['a bare list', list(IDS, '')],
      ['a bare list after a `---` line, indented, settings after it (an error)', `ids: [a]\n---\n${list(IDS)}${SITE}`],
      [
        'a bare list after a directive, a marker with a comment, comments and blank lines, CRLF',
        `%YAML 1.2\n--- # pasted\n# ids\n\n${list(IDS, '')}`.replace(/\n/g, '\r\n'),
      ],
    ];
    for (const [label, text] of cases) assert.ok(check(text, label), `${label}: the fast path should be used`);
  });

  test('random files of every shape, edited at random through the LanguageService (repeated ids created and removed too), parse and validate as a fresh full parse after every edit', () => {
    // The change each parse is told of, as a language server knows it from the client: none (the
    // texts are compared), the edits themselves, or wider (an edit that typed what was there).
    const hints = ['none', 'exact', 'wider'] as const;
    const styles = ['plain', 'double', 'single', 'mixed'] as const;
    const scalar = (id: string, style: (typeof styles)[number], i: number): string => {
      // (A typed id is written plain, as pasted from a spreadsheet column, whatever the others' style.)
      const s = style === 'mixed' || NON_STRING_IDS.includes(id) ? (NON_STRING_IDS.includes(id) ? 'plain' : styles[i % 3]) : style;
      return s === 'double' ? `"${id}"` : s === 'single' ? `'${id}'` : id;
    };
    const fileArb = fc.record({
      count: fc.integer({ min: MIN_FAST_IDS - 10, max: MIN_FAST_IDS + 120 }),
      seed: fc.integer(),
      style: fc.constantFrom(...styles),
      /** A block list, a flow list on one line, over lines or on the line below its key, or a JSON file (pretty-printed, or on one line with the ids after the site). */
      flow: fc.constantFrom(false, false, 'line', 'lines', 'below', 'json', 'json-line', 'json-tabs'),
      indent: fc.constantFrom('', '  ', '    '),
      extras: fc.constantFrom(0, 0.05, 0.2),
      eol: fc.constantFrom('\n', '\r\n', '\r', 'mixed'),
      bom: fc.boolean(),
      /** How the key is written: plain, quoted as some programs write keys, misspelled, or not at all (a bare list). */
      key: fc.constantFrom('ids', 'ids', '"ids"', "'ids'", 'idx', 'Targets', 'none'),
      /** A block list's `ids:` line: an anchor, a tag, a comment, spaces or a tab may end it. */
      keyTail: fc.constantFrom('', '', ' # t', '  ', '\t', '\t# t', ' &all', ' !!seq &s # t'),
      /** What follows a block item's dash: a space, or more (ids aligned), on every line or some. */
      gap: fc.constantFrom(' ', ' ', '   ', 'some'),
      /** Lines between a block list's `ids:` and its first item. */
      leading: fc.constantFrom('', '', '\n', '# c0\n', 'indented comment'),
      before: fc.constantFrom('', 'site:\n  name: x\n', 'ids: [a]\n---\n', '# head\n', 'ids:\n  - a\n'),
      after: fc.constantFrom(SITE, '', `${SITE}---\nids: [c]\n`, 'site:\n  name: [x\n', 'site:\n  name: "x\n'),
      hint: fc.constantFrom(...hints),
      /** Ids listed twice from the start: a repeat its author has not fixed yet. */
      repeats: fc.constantFrom(0, 0, 1, 6),
      /** How many ids are written as what the schema reads as a number, true/false or null (ids pasted from a spreadsheet column). */
      typed: fc.constantFrom(0, 0, 0.05, 0.5, 1),
      /** The text handed to the parse in chunks of this length (as a server keeps it), or as one string. */
      chunks: fc.constantFrom(undefined, 1, 7, 64, 8192),
    });
    const editArb = fc.record({
      /** Whether the version after this edit is parsed (the last one always is). */
      parsed: fc.boolean(),
      widen: fc.nat(6),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      /** At the start of that line: where comment lines, blank lines and items are typed. */
      lineStart: fc.boolean(),
      remove: fc.integer({ min: 0, max: 4 }),
      insert: fc.constantFrom(
        '',
        'a',
        'Z9',
        '"',
        "'",
        '""',
        "''",
        '#',
        ' ',
        '\n',
        '\r\n',
        '- ',
        '  - x\n',
        '  # c\n',
        '\n\n',
        ',',
        ']',
        '[',
        ':',
        '---\n',
        '\t',
        '12',
        '  - 42\n',
        // A key typed where the list had none (or a misspelled one mended: `idx` made `ids`).
        's',
        'ids:\n',
        '"ids": ',
      ),
      /** Instead of `insert`: an id of the list (typed over another, it repeats it), or an item line holding one. */
      copy: fc.constantFrom(undefined, undefined, undefined, 'id', 'item'),
      which: fc.nat(),
    });
    fc.assert(
      fc.property(fileArb, fc.array(editArb, { minLength: 1, maxLength: 12 }), (f, edits) => {
        const random = mulberry32(f.seed);
        const ids = randomIds(f.count, random, 1 + Math.floor(random() * 12));
        for (let r = 0; r < f.repeats; r++) ids.splice(Math.floor(random() * ids.length), 0, ids[Math.floor(random() * ids.length)]!);
        for (let i = 0; i < ids.length; i++) if (random() < f.typed) ids[i] = at(NON_STRING_IDS, Math.floor(random() * NON_STRING_IDS.length));
        let body: string;
        const key = f.key === 'none' ? '' : `${f.key}:`;
        const jsonKey = f.key === 'none' ? '"ids"' : f.key;
        if (f.flow === 'json' || f.flow === 'json-tabs') {
          const [one, two] = f.flow === 'json' ? ['  ', '    '] : ['\t', '\t\t'];
          body = `{\n${one}${jsonKey}: [\n${ids.map((id, i) => `${two}${scalar(id, f.style, i)}`).join(',\n')}\n${one}],\n${one}"site": {"name": "x"}\n}\n`;
        } else if (f.flow === 'json-line') {
          body = `{"site":{"name":"x"},${jsonKey}:[${ids.map((id, i) => scalar(id, f.style, i)).join(',')}]}\n`;
        } else if (f.flow === 'line') {
          body = `${key} [${ids.map((id, i) => scalar(id, f.style, i)).join(', ')}]\n`;
        } else if (f.flow === 'below') {
          body = `${key}${f.keyTail}\n${f.leading === 'indented comment' ? `${f.indent}# c\n` : f.leading} [${ids.map((id, i) => scalar(id, f.style, i)).join(', ')}]\n`;
        } else if (f.flow === 'lines') {
          // Comments after the commas, comment lines and blank lines between the items, as often as a block list's.
          const between = (): string => (random() < f.extras ? at(['\n', '  # c\n', '# c0\n', '  #\n  # d\n\n'], Math.floor(random() * 4)) : '');
          body = `${key} [${random() < f.extras ? ' # top' : ''}\n${ids.map((id, i) => `${between()}  ${scalar(id, f.style, i)},${random() < f.extras / 4 ? ' # t' : ''}\n`).join('')}]\n`;
        } else {
          body = `${key === '' ? '' : `${key}${f.keyTail}\n`}${f.leading === 'indented comment' ? `${f.indent}# c\n` : f.leading}`;
          ids.forEach((id, i) => {
            const gap = f.gap !== 'some' ? f.gap : i % 5 === 0 ? '  ' : ' ';
            body += `${f.indent}-${gap}${scalar(id, f.style, i)}${random() < f.extras / 4 ? ' # t' : ''}\n`;
            if (random() < f.extras) body += ['\n', `${f.indent}# c\n`, '# c0\n'][Math.floor(random() * 3)];
          });
        }
        // Mixed: CRLF and LF in turn, with a stretch of each now and then (a paste between systems).
        let line = 0;
        const eol = (): string => (f.eol !== 'mixed' ? f.eol : (line++ % 5) % 2 === 0 ? '\r\n' : '\n');
        const json = f.flow === 'json' || f.flow === 'json-line' || f.flow === 'json-tabs';
        let text = `${f.bom ? '\uFEFF' : ''}${json ? '' : f.before}${body}${json ? '' : f.after}`.replace(/\n/g, eol);
        const cache = new LanguageService(() => 'unset');
        let version = 1;
        let chunked = f.chunks === undefined ? undefined : ChunkedText.from(text, f.chunks);
        cache.parse('file:///p.yaml', version, chunked ?? text);
        let change: TextChange | undefined;
        for (const [k, e] of edits.entries()) {
          const offset = Math.floor(e.at * text.length);
          const at = e.lineStart ? text.lastIndexOf('\n', offset - 1) + 1 : offset;
          const removed = Math.min(e.remove, text.length - at);
          const copied = ids[e.which % ids.length] ?? 'x';
          const insert = e.copy === 'id' ? copied : e.copy === 'item' ? `${f.indent}- ${copied}${eol()}` : e.insert;
          text = text.slice(0, at) + insert + text.slice(at + removed);
          chunked = chunked?.edit(at, at + removed, insert);
          change = composeChanges(change, { start: at, oldEnd: at + removed, newEnd: at + insert.length });
          version++;
          if (!e.parsed && k < edits.length - 1) continue;
          const told = f.hint === 'none' ? undefined : f.hint === 'exact' ? change : wider(change, e.widen, text.length);
          change = undefined;
          if (told !== undefined) cache.changed('file:///p.yaml', told);
          const cached = cache.parse('file:///p.yaml', version, chunked ?? text);
          const full = fullParse(text);
          sameIdsOneByOne(cached, full, `edit ${version}: ${JSON.stringify(e)}`, 1 + (e.which % 23));
          assert.deepStrictEqual(fileDump(cached), fileDump(full), `edit ${version}: ${JSON.stringify(e)}`);
          assert.deepStrictEqual(validateFile(cached), fullDiagnostics(text), `diagnostics after edit ${version}`);
        }
      }),
      { numRuns: Number(process.env.FAST_IDS_RUNS ?? 120), seed: Number(process.env.FAST_IDS_SEED ?? 424242) },
    );
  });

  /** `change` made wider by up to `by` characters on each side, within a text of `length` after it. */
  function wider(change: TextChange, by: number, length: number): TextChange {
    const left = Math.min(by, change.start);
    const right = Math.min(by, length - change.newEnd);
    return { start: change.start - left, oldEnd: change.oldEnd + right, newEnd: change.newEnd + right };
  }

  test('the composer only reads the tokens it is given, so that the tokens of a stand-in serve the next version too', () => {
    // Frozen tokens would make the `yaml` package's strict-mode code throw on any write.
    const freeze = (value: unknown): void => {
      if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
      Object.freeze(value);
      for (const inner of Object.values(value)) freeze(inner);
    };
    const text = `# x\nids: [a, *b]\nsite: &b\n  name: "x\n   y" # c\n  list:\n    - {a: 1, b: [2, 3]}\n    - ? k\n      : v\n  bad: [\n# end\n---\nother: !!str 1\n...\n--- |\n  text\n`;
    const node = (n: unknown): unknown =>
      isScalar(n)
        ? [n.range, n.value, n.type, n.comment, n.anchor]
        : isCollection(n)
          ? [n.range, n.items.map((item) => (isPair(item) ? [node(item.key), node(item.value)] : node(item)))]
          : isAlias(n)
            ? ['*', n.source, n.range]
            : n;
    const dump = (docs: Iterable<Document.Parsed>): unknown =>
      [...docs].map((d) => ({
        contents: node(d.contents),
        range: d.range,
        errors: d.errors.map((e) => e.message),
        warnings: d.warnings.map((w) => w.message),
      }));
    const tokens = [...new Parser().parse(text)];
    freeze(tokens);
    const composed = dump(new Composer(YAML_OPTIONS).compose(tokens) as Iterable<Document.Parsed>);
    assert.deepStrictEqual(dump(new Composer(YAML_OPTIONS).compose(tokens) as Iterable<Document.Parsed>), composed);
    assert.deepStrictEqual(dump(parseAllDocuments(text, YAML_OPTIONS) as Document.Parsed[]), composed);
  });

  test('the same stand-in at another offset of a file is read again: its tokens carry file offsets', () => {
    const listDocument = `ids:\n${list(IDS)}${SITE}`;
    for (const before of ['', 'a: 1\n---\n', 'abc: 12\n---\n']) {
      const text = before + listDocument;
      const restored = fastIdsStats.restored;
      assert.deepStrictEqual(fileDump(parseFile(text)), fileDump(fullParse(text)), JSON.stringify(before));
      assert.equal(fastIdsStats.restored, restored + 1, `${JSON.stringify(before)}: the fast path's parse is used`);
    }
  });

  test('the stand-in keeps the text outside the list, and its offsets map back to the source', () => {
    const text = `# x\nids:\n${list(IDS)}${SITE}`;
    const standIn = readIds(text, YAML_OPTIONS).standIn;
    assert.ok(standIn);
    assert.equal(standIn.text, `# x\nids:\n  - ${IDS[0]} # \n${SITE}`);
    const site = standIn.text.indexOf('site:');
    assert.equal(standIn.toFile(site), text.indexOf('site:'), 'after the run');
    assert.equal(standIn.toFile(5), 5, 'before the run');
  });
});

test('a list of MIN_FAST_IDS items takes the fast path and a shorter one does not, with any line break, indentation or form', () => {
  const forms: Array<[string, (ids: string[], eol: string) => string]> = [
    ['indented block', (ids, eol) => `ids:${eol}${ids.map((id) => `  - ${id}${eol}`).join('')}site:${eol}  name: A${eol}`],
    ['block at column 0', (ids, eol) => `ids:${eol}${ids.map((id) => `- ${id}${eol}`).join('')}site:${eol}  name: A${eol}`],
    ['flow, one per line', (ids, eol) => `ids: [${eol}${ids.map((id) => `  ${id}`).join(`,${eol}`)}${eol}]${eol}`],
    ['flow, on one line', (ids, eol) => `ids: [${ids.join(', ')}]${eol}`],
  ];
  for (const eol of ['\n', '\r\n', '\r']) {
    for (const [form, write] of forms) {
      for (const count of [MIN_FAST_IDS - 1, MIN_FAST_IDS]) {
        const ids = Array.from({ length: count }, (_, i) => `id${i}`);
        const doc = parseFile(`---${eol}${write(ids, eol)}`).documents.get(0)!;
        assert.equal(doc.longIdsList !== undefined, count >= MIN_FAST_IDS, `${form}, ${JSON.stringify(eol)}, ${count} ids`);
        assert.deepEqual((doc.value as { ids: unknown[] }).ids, ids);
      }
    }
  }
});
