// Differential test of the fast path for documents of plain block mappings
// (src/core/yaml/fastDocuments.ts): every text it reads must give what the `yaml` composer gives
// (every node's class, own properties and range; the documents' ranges, comments and markers; the
// values), and every text it does not read exactly so it must leave to the composer. Texts are
// adversarial (each construct it steps aside for) and random (tame and odd lines mixed).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Composer, Parser, isMap, isNode, isPair, isScalar, isSeq, type Document, type Node } from 'yaml';
import { fastDocumentsStats, isPlainDocument, plainValue, readPlainDocuments, readPlainValues } from '../../../src/core/yaml/fastDocuments';
import { YAML_OPTIONS, parseFile } from '../../../src/core/yaml';
import { validateFile } from '../../../src/core/validation';
import { bulkUpdateLenses } from '../../../src/core/bulk/lenses';
import { foldingRanges } from '../../../src/core/outline';
import { mulberry32 } from '../../../src/sandbox/prng';

/** Every node as plain data: class, own enumerable properties (in the order set), children in order. */
function dump(node: unknown): unknown {
  if (isPair(node)) return { pair: true, key: dump(node.key), value: dump(node.value) };
  if (!isNode(node)) return node;
  const out: Record<string, unknown> = { class: node.constructor.name };
  for (const [k, v] of Object.entries(node) as [string, unknown][]) {
    out[k] = k === 'items' ? (v as unknown[]).map(dump) : isNode(v) || isPair(v) ? dump(v) : v;
  }
  return out;
}

function documentDump(doc: Document.Parsed): unknown {
  return {
    range: doc.range,
    errors: doc.errors.map((e) => e.code),
    warnings: doc.warnings.map((e) => e.code),
    commentBefore: doc.commentBefore,
    comment: doc.comment,
    docStart: doc.directives.docStart,
    contents: dump(doc.contents),
    value: doc.toJS() as unknown,
  };
}

/** What readPlainValues notes of a document (PlainShape), from its nodes, its collections as triples in order. */
function shapeOf(doc: Document.Parsed): unknown {
  const root = doc.contents;
  const idsKey = isMap(root) ? root.items.find((p) => isScalar(p.key) && p.key.value === 'ids')?.key : undefined;
  const collections: number[][] = [];
  const visit = (node: unknown, depth: number): void => {
    const nested: Array<[Node, number]> = [];
    if (isMap(node)) for (const { key, value } of node.items) nested.push([value as Node, (key as Node).range![0]]);
    if (isSeq(node)) for (const item of node.items) nested.push([item as Node, (item as Node).range![0]]);
    for (const [value, start] of nested) {
      if ((!isMap(value) && !isSeq(value)) || value.flow === true) continue;
      collections.push([start, value.range![1], depth]);
      visit(value, depth + 1);
    }
  };
  visit(root, 0);
  const ids = isMap(root) ? root.get('ids') : undefined;
  const strings = isSeq(ids) ? ids.items.map((item) => (isScalar(item) ? item.value : undefined)).filter((v) => typeof v === 'string' && v !== '') : [];
  return {
    isEmpty: root === null || (isScalar(root) && root.source === ''),
    idsKeyStart: isScalar(idsKey) ? idsKey.range[0] : -1,
    idsKeyEnd: isScalar(idsKey) ? idsKey.range[1] : -1,
    distinctIds: new Set(strings).size,
    collections: collections.sort((a, b) => a[0]! - b[0]! || b[1]! - a[1]! || a[2]! - b[2]!),
  };
}

/** A flat list of triples (PlainShape.collections) as triples, in order. */
function triples(flat: readonly number[]): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < flat.length; i += 3) out.push(flat.slice(i, i + 3));
  return out.sort((a, b) => a[0]! - b[0]! || b[1]! - a[1]! || a[2]! - b[2]!);
}

/** The composer's documents of `input` read from file offset `offset`, as readSlice reads a slice. */
function composed(input: string, offset: number, last: boolean): Document.Parsed[] {
  const parser = new Parser();
  parser.offset = offset;
  const documents = Array.from<Document.Parsed>(new Composer(YAML_OPTIONS).compose(Array.from(parser.parse(input))) as Iterable<Document.Parsed>);
  if (!last) documents.pop();
  return documents;
}

/**
 * Reads `text` as a slice both ways, last in its file or followed by another slice's `---` line,
 * and asserts the fast path's documents are the composer's. Returns whether the fast path read it.
 */
function agrees(text: string, label: string, offset = 7): boolean {
  let read = false;
  for (const last of [true, false]) {
    const input = last ? text : `${/\n$/.test(text) ? text : `${text}\n`}---\n`;
    const fast = readPlainDocuments(input, offset, last);
    // Read for the values first, the same documents, as what plainValue gives of their nodes.
    const values = readPlainValues(input, offset, last);
    assert.deepStrictEqual(
      values?.map((doc) => ({ ...doc, shape: { ...doc.shape, collections: triples(doc.shape.collections) } })),
      fast?.map((doc) => ({ range: doc.range, value: plainValue(doc.contents), shape: shapeOf(doc) })),
      `${label} (${last ? 'last' : 'not last'}): read for the values`,
    );
    if (fast === undefined) continue;
    read = true;
    const expected = composed(input, offset, last);
    // (JSON keeps the order of properties: the nodes are made with the composer's shapes.)
    assert.equal(JSON.stringify(fast.map(documentDump)), JSON.stringify(expected.map(documentDump)), `${label} (${last ? 'last' : 'not last'})`);
    for (const [i, doc] of fast.entries()) {
      assert.ok(isPlainDocument(doc));
      assert.deepStrictEqual(plainValue(doc.contents), expected[i]!.toJS(), `${label}: value of document ${i + 1}`);
    }
  }
  return read;
}

const SETTINGS = [
  '# yaml-language-server: $schema=../schemas/target-settings.schema.json',
  'ids:',
  '  - 3Sy7TyNMnQ8x',
  '  - 4Hk2QpZr9WbT # staging',
  'site:',
  '  name: Shop (staging)',
  '  url: https://staging.shop.example',
  '  has_basic_auth: true',
  '  basic_auth:',
  '    username: scanner',
  '    password: ${env:SHOP_BASIC_PASSWORD}',
  '  headers:',
  '    - name: X-Scanner',
  '      value: scan-targets',
  '',
  '    # The key is sensitive.',
  '    - name: X-Api-Key',
  "      value: '${env:SHOP_API_KEY}'",
  '      value_is_sensitive: true',
  '  whitelist:',
  '  - /admin/',
  '  - "*://*.shop.example/admin/*"',
  'report_type: owasp',
  'blackout_period:',
  '  begin: "22:00"',
  '  # The meaning of the weekday integers is not shown by the service specification.',
  '  weekdays: [1, 2, 3, 4, 5]',
  '  timezone: Europe/Lisbon',
  'scanning_agent: null',
  '',
].join('\n');

describe('fast path for documents of plain block mappings', () => {
  test('reads settings as people write them, with any line break, in one document or many, as the composer does', () => {
    for (const text of [SETTINGS, SETTINGS.replace(/\n/g, '\r\n'), `${SETTINGS}---\n${SETTINGS}`, `---\n# second\n${SETTINGS}\n\n`, SETTINGS.trimEnd()]) {
      assert.ok(agrees(text, JSON.stringify(text.slice(0, 40))), 'read by the fast path');
    }
  });

  test('reads the examples shipped with the extension', () => {
    const dir = path.join(__dirname, '../../../../examples');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.yaml'));
    assert.ok(files.length >= 4);
    for (const f of files) assert.ok(agrees(fs.readFileSync(path.join(dir, f), 'utf8'), f), `${f} read by the fast path`);
  });

  test('steps aside for everything it does not read exactly as the composer', () => {
    const aside: [string, string][] = [
      ['a flow mapping', 'a: {b: 1}\n'],
      ['a block scalar', 'a: |\n  text\n'],
      ['a folded scalar', 'a: >\n  text\n'],
      ['an anchor and an alias', 'a: &x 1\nb: *x\n'],
      ['a tag', 'a: !!str 1\n'],
      ['a plain scalar over two lines', 'a: one\n  two\n'],
      ['a quoted scalar over two lines', 'a: "one\n  two"\n'],
      ['an unclosed quote', 'a: "one\nb: 2\n'],
      ['an escape', 'a: "a\\tb"\n'],
      ['a doubled single quote', "a: 'it''s'\n"],
      ['a tab', 'a:\tb\n'],
      ['a byte order mark', '\uFEFFa: 1\n'],
      ['a lone CR', 'a: 1\rb: 2\n'],
      ['a control character', 'a: b\u0007\n'],
      ['a comment at another indentation than the entry after it', 'a:\n  b: 1\n    # c\n  c: 2\n'],
      ['a comment after the content', 'a: 1\n# c\n'],
      ['a blank line after a comment', 'a: 1\n# c\n\nb: 2\n'],
      ['a blank line after an empty value', 'a:\n\nb: 1\n'],
      ['a comment after an empty value', 'a:\n# c\nb: 1\n'],
      ['a comment after a key', 'a: # c\n  b: 1\n'],
      ['a repeated key', 'a: 1\na: 2\n'],
      ['a key read as true', 'true: 1\n'],
      ['a key read as null', 'null: 1\n'],
      ['a key read as a number', '1: a\n'],
      ['a quoted key', '"a": 1\n'],
      ['a key with a space', 'a b: 1\n'],
      ['an explicit key', '? a\n: 1\n'],
      ['a mapping in a value', 'a: b: c\n'],
      ['a value ending in a colon', 'a: b:\n'],
      ['a list in a list', 'a:\n  - - 1\n'],
      ['a comment before an empty item', 'a:\n  - 1\n  # c\n  -\n'],
      ['a blank line after an empty item', 'a:\n  -\n\n  - 2\n'],
      ['a list for a document', '- a\n'],
      ['a scalar for a document', 'a\n'],
      ['an empty document with a comment', '---\n# c\n'],
      ['a comment before an empty document', '# c\n---\n'],
      ['a `---` line with content', '--- a: 1\n'],
      ['a document end marker', 'a: 1\n...\n'],
      ['a directive', '%YAML 1.2\n---\na: 1\n'],
      ['an indented document', '  a: 1\n'],
      ['an entry indented further than the one before', 'a: 1\n b: 2\n'],
      ['a comment with no space before it', 'a: "b"#c\n'],
      ['a space before a flow comma', 'a: [1 , 2]\n'],
      ['a flow list with a trailing comma', 'a: [1, 2,]\n'],
      ['a nested flow list', 'a: [[1]]\n'],
      ['a flow list over two lines', 'a: [1,\n  2]\n'],
      ['comments before the key after a list at the same indentation', 'a:\n- 1\n# c\nb: 2\n'],
      ['a blank line before the key after a list at the same indentation', 'a:\n- 1\n\nb: 2\n'],
      ['a value starting with an indicator', 'a: @b\n'],
      ['a key of 1,001 characters', `${'k'.repeat(1001)}: 1\n`],
      ['indentation past column 64', `a:\n${' '.repeat(65)}b: 1\n`],
    ];
    for (const [label, text] of aside) {
      const before = fastDocumentsStats.steppedAside;
      assert.equal(readPlainDocuments(text, 0, true), undefined, label);
      assert.equal(fastDocumentsStats.steppedAside, before + 1, `${label}: counted`);
    }
  });

  test('reads the states a `---` line goes through as it is typed above a key: keys after dashes, an empty document', () => {
    const before = 'ids:\n  - a\nsite:\n  name: x\n';
    for (const typed of ['-', '--', '---', '---\n']) {
      const text = `${before}---\n${typed}ids:\n  - b\nreport_type: owasp\n`;
      assert.ok(agrees(text, JSON.stringify(typed)), `${JSON.stringify(typed)} read by the fast path`);
    }
    assert.ok(agrees('---\n', 'a `---` line alone'));
    assert.ok(agrees('---\n   ', 'a `---` line alone, and spaces'));
    assert.ok(agrees('a: 1\n---\n\n---\nb: 2\n', 'an empty document and a blank line'));
  });

  test('reads a key or an item being typed: an empty value or item, before a sibling, a less indented key, the next document or the end', () => {
    for (const text of [
      'site:\n  name:\nreport_type: owasp\n',
      'site:\n  name:\n  url: x\n',
      'a: 1\nsite:\n---\nb: 2\n',
      'a: 1\nsite:',
      'a:\n- b:\n- c\n',
      'site:\n  whitelist:\n    - /admin/\n    - \n  name: x\n',
      'a:\n  -\nb: 1\n',
      'a:\n- x\n-   \n',
    ]) {
      assert.ok(agrees(text, JSON.stringify(text)), `${JSON.stringify(text)} read by the fast path`);
    }
  });

  test('gives a key `__proto__` or `constructor` the value toJS gives', () => {
    assert.ok(agrees('__proto__: 1\nconstructor: 2\nsite:\n  __proto__:\n    a: 1\n', 'keys of Object.prototype'));
  });

  test('random texts agree with the composer, and the tame ones are read', () => {
    let read = 0;
    let tame = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const random = mulberry32(seed);
      const odd = seed % 3 === 0 ? 0.1 : 0;
      const text = randomText(random, odd);
      if (odd === 0) tame++;
      if (agrees(text, `seed ${seed}: ${JSON.stringify(text)}`, Math.floor(random() * 100)) && odd === 0) read++;
    }
    // (A tame text steps aside only for an empty value or a flow mapping its generator may write.)
    assert.ok(read > tame * 0.4, `${read} of ${tame} tame texts read`);
  });

  test('the parse of a file of many documents takes it, and gives the values and diagnostics of the parse without it', () => {
    const documents = Array.from(
      { length: 30 },
      (_, i) => `ids:\n${Array.from({ length: 70 }, (__, j) => `  - id${i}x${j}abcdef\n`).join('')}${SETTINGS.split('\n').slice(4).join('\n')}`,
    );
    const text = `${documents.join('---\n')}unknown_key: 1\n`;
    const before = fastDocumentsStats.read;
    const fast = parseFile(text);
    assert.ok(fastDocumentsStats.read - before >= 30, 'every document read by the fast path');
    const full = parseFile(text, undefined, undefined, { fastPaths: false });
    assert.deepStrictEqual(
      fast.documents.map((d) => d.value),
      full.documents.map((d) => d.value),
    );
    assert.deepStrictEqual(validateFile(fast), validateFile(full));
  });

  test('a parse for the values first reads nodes again only where a finding is placed, and finds what the parse finds, lenses and folding too', () => {
    // (The settings, with nothing to find in them, nor any placeholder.)
    const withPlaceholders = SETTINGS.split('\n')
      .slice(4)
      .join('\n')
      .replace('"*://*.shop.example/admin/*"', '"/login/"')
      .replace('begin: "22:00"', 'begin: "22:00"\n  cease: "23:00"');
    const settings = withPlaceholders.replace(/\$\{env:\w+\}/g, 'secret');
    const ids = (i: number): string[] => Array.from({ length: 100 }, (_, j) => `  - id${i}x${j}abcdef\n`);
    const documents = Array.from({ length: 30 }, (_, i) => `ids:\n${ids(i).join('')}${settings}`);
    documents[7] = `ids:\n${[...ids(7), '  - id7x3abcdef\n'].join('')}${settings}`; // a repeated id
    documents[12] += 'unknown_key: 1\n';
    documents[20] = '\n'; // an empty document
    // A document with a placeholder is read with its nodes (an unset variable's warning reads them).
    documents[25] = `ids:\n${ids(25).join('')}${withPlaceholders}`;
    const text = documents.join('---\n');
    const before = fastDocumentsStats.read;
    const valuesFirst = parseFile(text, undefined, undefined, { valuesFirst: true });
    assert.equal(fastDocumentsStats.read - before, valuesFirst.stats.slices, 'every document read by the fast path, once');
    assert.equal(valuesFirst.stats.slices, 29, 'the empty document read with the one after it');
    const parsed = parseFile(text);
    const full = parseFile(text, undefined, undefined, { fastPaths: false });
    const read = fastDocumentsStats.read;
    const diagnostics = validateFile(valuesFirst);
    assert.deepStrictEqual(diagnostics, validateFile(parsed));
    assert.deepStrictEqual(diagnostics, validateFile(full));
    assert.deepStrictEqual([...new Set(diagnostics.map((d) => d.document))], [7, 12, 20]);
    assert.equal(fastDocumentsStats.read - read, 3, 'read again: the documents whose findings were placed');
    // The lenses and folding ranges of every document (asked for right after an open) read no node.
    assert.deepStrictEqual(bulkUpdateLenses(valuesFirst), bulkUpdateLenses(full));
    assert.deepStrictEqual(foldingRanges(valuesFirst), foldingRanges(full));
    assert.equal(fastDocumentsStats.read - read, 3, 'no document read again for its lens or folding ranges');
    assert.ok(
      parsed.documents.get(0)!.longIdsList !== undefined && valuesFirst.documents.get(0)!.longIdsList === undefined,
      'a list of 100 ids read with its document',
    );
    assert.ok(valuesFirst.documents.get(25)!.longIdsList !== undefined, 'a document with a placeholder read as by the parse');
    assert.deepStrictEqual(
      valuesFirst.documents.map((d) => d.value),
      full.documents.map((d) => d.value),
    );
    // Asked for, a document's nodes are those the composer makes.
    assert.equal(JSON.stringify(documentDump(valuesFirst.documents.get(3)!.document)), JSON.stringify(documentDump(full.documents.get(3)!.document)));
  });
});

// A random text: documents of mappings and lists of scalars of every kind, comments and blank lines,
// with odd lines among them at the rate `odd` (the reader steps aside for most of those).
function randomText(random: () => number, odd: number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const eol = random() < 0.7 ? '\n' : '\r\n';
  const plain = [
    'Shop (staging)',
    'https://x.example/a?b=c',
    '${env:X}',
    'Bearer ${env:T}',
    'a:b',
    'a#b',
    '-1',
    '-x',
    '1',
    '0x1F',
    '0o7',
    '1e3',
    '.5',
    '.inf',
    '~',
    'null',
    'Null',
    'True',
    'false',
    'yes',
    '12:30',
    'a, b',
    'a [b]',
    'é',
    'x  y',
    '3.0',
    '+1',
    '007',
    '/admin/',
    '(x)',
    '$',
    '=',
    'a"b',
    "a'b",
    '-.5',
    '.NaN',
    '1_000',
    '1.',
  ];
  const quoted = ['"q"', "'q'", '"#1f77b4"', '"22:00"', '""', "''", '"a b"', "'a \" b'", '"it\'s"'];
  const flow = ['[1, 2, 3]', '[]', '[a, "b", \'c\']', '[true, null, ~]', '[ 1, 2 ]', '[ ]', '[x]', '[-1, .5, 0x1F]'];
  const oddValues = ['a: b', '#x', '- x', '|', '&x a', '*x', '!x', '{a: 1}', '"a\\"b"', "'it''s'", '[a,]', '[1 , 2]', '"unclosed', 'a\tb'];
  const keys = ['a', 'name', 'url', 'site', 'ids', 'x-y', '_k', 'k9', 'Foo', '-ids', '---ids', 'b_c'];
  const oddKeys = ['true', 'null', 'a b', '1', 'a.b', '"q"'];
  const scalar = (): string => {
    if (random() < odd) return pick(oddValues);
    const r = random();
    return r < 0.6 ? pick(plain) : r < 0.85 ? pick(quoted) : pick(flow);
  };
  const trail = (): string => (random() < odd ? pick(['#c', ' # c\t']) : pick(['', '', '', '', '', ' # c', '  ', ' #', '   # cc  ']));
  const gap = (indent: number): string => {
    let out = '';
    if (random() < 0.8) return out;
    if (random() < 0.5) out += (random() < 0.2 ? '   ' : '') + eol;
    if (random() < 0.6) {
      const at = random() < odd ? pick([0, indent + 2]) : indent;
      out += `${' '.repeat(at)}#${pick(['', ' c', ' two words'])}${eol}`;
      if (random() < 0.3) out += `${' '.repeat(at)}# more${eol}`;
    }
    return out;
  };
  const map = (indent: number, depth: number, inline: boolean): string => {
    let out = '';
    const used = new Set<string>();
    const n = 1 + Math.floor(random() * 4);
    for (let i = 0; i < n; i++) {
      out += i === 0 && inline ? '' : gap(indent) + ' '.repeat(indent + (random() < odd ? 1 : 0));
      let key = random() < odd ? pick(oddKeys) : pick(keys);
      while (random() > odd && used.has(key)) key += 'z';
      used.add(key);
      out += key + (random() < odd ? pick([' :', '::']) : ':');
      const r = random();
      if (depth < 3 && r < 0.3) {
        const at = indent + (random() < odd ? pick([0, 1, 3]) : pick([2, 2, 4]));
        out += eol + gap(at);
        out += random() < 0.5 ? map(at, depth + 1, false) : list(random() < 0.3 ? indent : at, depth + 1);
      } else if (r < 0.33 + odd) {
        out += eol; // (an empty value)
      } else {
        out += ` ${scalar()}${trail()}${eol}`;
      }
    }
    return out;
  };
  const list = (indent: number, depth: number): string => {
    let out = '';
    const n = 1 + Math.floor(random() * 3);
    for (let i = 0; i < n; i++) {
      out += (i > 0 ? gap(indent) : '') + ' '.repeat(indent) + (random() < odd ? pick(['-  ', '-']) : '- ');
      if (depth < 3 && random() < 0.35) out += map(indent + 2, depth + 1, true);
      else if (random() < 0.05)
        out = out.replace(/- $/, pick(['-', '- ', '-   '])) + eol; // (an empty item)
      else out += `${scalar()}${trail()}${eol}`;
    }
    return out;
  };
  let text = random() < 0.3 ? `# yaml-language-server: $schema=x${eol}${random() < 0.3 ? eol : ''}` : '';
  const documents = 1 + Math.floor(random() * 3);
  for (let d = 0; d < documents; d++) {
    if (d > 0 || random() < 0.2) text += `---${eol}${random() < 0.2 ? gap(0) : ''}`;
    // (An empty document, as a `---` line is typed.)
    if (d > 0 && random() < 0.15) continue;
    text += map(0, 0, false);
    if (random() < 0.1) text += eol;
    if (random() < odd) text += `# trailing${eol}`;
  }
  return random() < 0.2 ? text.replace(/\r?\n$/, '') : text;
}
