// What a parse keeps of a text is kept in V8's compact form: each id of a long list a flat string
// of one byte a character, and an open document's chunks too where they are ASCII, even when the
// text holds a character past Latin-1 (a BOM), which makes V8 keep the whole text, and every slice
// and copy of it, at two bytes a character. Read in a heap snapshot: a string's type there says
// whether it is flat ('string') or a pointer into another ('sliced string'), and its size how many
// bytes a character it takes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getHeapSnapshot } from 'node:v8';
import fc from 'fast-check';
import { LanguageService } from '../../../src/core/service';
import { validateFile } from '../../../src/core/validation';
import { ChunkedText } from '../../../src/core/yaml/chunkedText';
import { compactSlice } from '../../../src/core/yaml/detachedSlice';
import { parseFile } from '../../../src/core/yaml';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  nodes: number[];
  strings: string[];
}

interface HeapString {
  type: string;
  name: string;
  bytes: number;
}

/** The strings on the heap (after a collection, which a snapshot makes first). */
async function heapStrings(): Promise<HeapString[]> {
  let json = '';
  for await (const chunk of getHeapSnapshot()) json += String(chunk);
  const { snapshot, nodes, strings } = JSON.parse(json) as Snapshot;
  const fields = snapshot.meta.node_fields;
  const types = snapshot.meta.node_types[0];
  const [type, name, size] = [fields.indexOf('type'), fields.indexOf('name'), fields.indexOf('self_size')];
  const found: HeapString[] = [];
  for (let i = 0; i < nodes.length; i += fields.length) {
    const t = types[nodes[i + type]!]!;
    if (t.includes('string')) found.push({ type: t, name: strings[nodes[i + name]!]!, bytes: nodes[i + size]! });
  }
  return found;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A file of `n` UUIDs, made without keeping them (the heap then holds only what the parse kept). */
function uuidFile(n: number, before: string, comment: string): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const hex = (i * 2654435761).toString(16).padStart(8, '0').slice(-8);
    lines.push(`  - ${hex}-0000-4${hex.slice(0, 3)}-8${hex.slice(3, 6)}-${hex}${hex.slice(0, 4)}${i % 100 === 0 ? ` # ${comment}` : ''}\n`);
  }
  return `${before}ids:\n${lines.join('')}site:\n  name: Shop\n  url: https://shop.example\n`;
}

for (const [label, before, comment] of [
  ['plain', '', 'batch'],
  ['with a BOM', '\uFEFF', 'batch'],
  ['with a curly quote in a comment', '', 'the team’s batch'],
] as const) {
  test(`the ids of a long list are kept as flat strings of one byte a character (${label})`, async () => {
    const service = new LanguageService(() => 'unset');
    validateFile(service.parse('file:///compact.target-settings.yaml', 1, uuidFile(5_000, before, comment)));
    const ids = (await heapStrings()).filter((s) => UUID.test(s.name));
    assert.ok(ids.length >= 5_000, `${ids.length} ids on the heap`);
    for (const id of ids) {
      assert.equal(id.type, 'string', `${id.name} is a ${id.type}`);
      // 36 characters at one byte each plus a header; at two bytes each it would take 72 and more.
      assert.ok(id.bytes < 72, `${id.name} takes ${id.bytes} bytes`);
    }
  });
}

test('a text with a BOM is cut into chunks of one byte a character, but the one holding the BOM', async () => {
  // 13 chunks of 8,000 characters (the text is cut into chunks of at most 8,192, of equal lengths).
  const text = `\uFEFF${'  - abcdefghijklmnopqrstuv\n'.repeat(4_000)}`.slice(0, 13 * 8_000);
  const chunked = ChunkedText.from(text).edit(0, 0, '#'); // (An edited version does not keep the text whole.)
  const chunks = (await heapStrings()).filter((s) => s.name.includes('abcdefghijklmnopqrstuv'));
  const sized = (bytes: number): number => chunks.filter((s) => s.type === 'string' && s.bytes >= bytes && s.bytes < bytes + 32).length;
  assert.equal(chunked.toString().length, text.length + 1);
  assert.ok(sized(8_000) >= 12, `${sized(8_000)} chunks at one byte a character, ${sized(16_000)} at two`);
});

test('compactSlice is the slice, whatever the text holds and however long the slice', () => {
  const unit = fc.constantFrom('a', '-', ' ', '\n', 'é', '\uFEFF', '’', '\u{1F600}');
  fc.assert(
    fc.property(
      fc.oneof(fc.string({ unit, maxLength: 60 }), fc.string({ unit, maxLength: 40_000 })),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.boolean(),
      (text, a, b, chunked) => {
        const [start, end] = [Math.floor(a * text.length), Math.floor(b * text.length)].sort((x, y) => x - y) as [number, number];
        const source = chunked ? ChunkedText.from(text, 7) : text;
        assert.equal(compactSlice(source, start, end), text.slice(start, end));
      },
    ),
    { numRuns: 300 },
  );
});

test('the ids of a text whose first wide character comes late are cut without reading the text once an id', () => {
  // A curly quote in a comment at the end: the text is two bytes a character, and whether it holds
  // such a character is found by reading it up to there. Asked once an id, that was a read of the
  // whole text per id (a 1.5 MB file took more than 20 s to parse).
  const text = `ids:\n${Array.from({ length: 5000 }, (_, i) => `  - id${String(i).padStart(7, '0')}\n`).join('')}# it’s late\n`;
  const regExpTest = Reflect.get<RegExp, 'test'>(RegExp.prototype, 'test');
  let readsOfText = 0;
  RegExp.prototype.test = function (this: RegExp, subject: string): boolean {
    if (subject === text) readsOfText++;
    return regExpTest.call(this, subject);
  };
  try {
    assert.equal(parseFile(text).documents.get(0)?.longIdsList?.values.length, 5000, 'the fast path reads the list');
  } finally {
    RegExp.prototype.test = regExpTest;
  }
  assert.ok(readsOfText <= 2, `the whole text was searched ${readsOfText} times`);
});
