// The invalid-type quick fix that puts a value read as a number or true/false in quotes, where text
// is expected: one value, or every such id of the list (deferred through the LanguageService, as
// the language server asks), on block and flow lists, a long list the fast path reads, and a list
// of ids that are all numbers. Validated again after the edits, the errors are gone and the values
// are the text as written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateText } from '../../../src/core/validation';
import { parseFile } from '../../../src/core/yaml';
import { codeActions, type DiagnosticLike } from '../../../src/core/assist/codeActions';
import { LanguageService } from '../../../src/core/service';
import { MIN_FAST_IDS, fastIdsStats } from '../../../src/core/yaml/fastIds';
import { sandboxTargetIds } from '../../../src/sandbox/prng';
import { applyEdits } from '../../fixtures/applyEdits';
import type { CoreDiagnostic } from '../../../src/core/diagnostic';

const typeErrors = (text: string): CoreDiagnostic[] => validateText(text).filter((d) => d.code === 'invalid-type');
const bare = (d: CoreDiagnostic): DiagnosticLike => ({ code: d.code, range: d.range, message: d.message });
const titles = (text: string, d: DiagnosticLike): string[] => codeActions(parseFile(text), [d]).map((a) => a.title);

test('a value read as a number or true/false where text is expected is put in quotes, as written, with or without the diagnostic data', () => {
  const text = 'ids:\n  - 0x1F\n  - abc\nsite:\n  name: 2024\n  url: https://s.example\n';
  const [id, name] = typeErrors(text);
  assert.equal(id?.path, '/ids/0');
  assert.equal(name?.path, '/site/name');
  for (const d of [id, bare(id)]) assert.deepEqual(titles(text, d), ['Put `0x1F` in quotes'], 'one such id: no action for all');
  for (const d of [name, bare(name)]) {
    const [action] = codeActions(parseFile(text), [d]);
    assert.equal(action?.isPreferred, true);
    const fixed = applyEdits(text, action.edits);
    assert.match(fixed, /\n {2}name: "2024"\n/);
    assert.deepEqual(
      typeErrors(fixed).map((e) => e.path),
      ['/ids/0'],
    );
  }
});

test('no fix where the value is not text-like or another type is expected, or the value is tagged', () => {
  const text = 'ids:\n  - !!int 5\n  - abc\nsite:\n  name: Shop\n  url: https://s.example\n  has_basic_auth: "yes"\n  headers: [1]\n';
  const errors = typeErrors(text);
  assert.deepEqual(
    errors.map((e) => e.path),
    ['/ids/0', '/site/has_basic_auth', '/site/headers/0'],
  );
  for (const d of errors) for (const asked of [d, bare(d)]) assert.deepEqual(titles(text, asked), [], d.path);
});

for (const [label, list, after] of [
  [
    'block list',
    'ids:\n  - 12\n  - abc\n  - true\n  - !!int 5\n  - "7"\n  - 3.5 # note\n',
    'ids:\n  - "12"\n  - abc\n  - "true"\n  - !!int 5\n  - "7"\n  - "3.5" # note\n',
  ],
  ['flow list', 'ids: [12, abc, true, !!int 5, "7", 3.5]\n', 'ids: ["12", abc, "true", !!int 5, "7", "3.5"]\n'],
] as const) {
  test(`on an id of a ${label}: every id read as a number or true/false is put in quotes, in one action`, () => {
    const text = `${list}site:\n  name: Shop\n`;
    const [first] = typeErrors(text);
    assert.deepEqual(titles(text, first!), ['Put `12` in quotes', 'Put all 3 ids read as numbers or true/false in quotes']);
    const all = codeActions(parseFile(text), [first!])[1]!;
    assert.equal(all.isPreferred, false);
    const fixed = applyEdits(text, all.edits);
    assert.equal(fixed, `${after}site:\n  name: Shop\n`);
    assert.deepEqual(
      typeErrors(fixed).map((e) => e.path),
      ['/ids/3'],
      'the tagged one is left',
    );
  });
}

test('a long list: the ids the fast path left to the parser are found without making every item, and the edits of all are made when the action is chosen', () => {
  const ids = sandboxTargetIds(MIN_FAST_IDS + 2000, 5);
  const numbers = new Set([10, 700, 1500, 2000]);
  const lines = ids.map((id, i) => `  - ${numbers.has(i) ? String(90000 + i) : id}\n`);
  const text = `ids:\n${lines.join('')}site:\n  name: Shop\n---\nids: [1, 2]\n`;
  const service = new LanguageService(() => 'unset');
  const uri = 'file:///w/q.target-settings.yaml';
  const file = service.parse(uri, 1, text);
  assert.ok(file.documents.get(0)?.longIdsList !== undefined, 'the fast path read the list');
  const [first] = service.validateAll(file).filter((d) => d.code === 'invalid-type');
  const made = fastIdsStats.nodesMade;
  const [one, all] = service.codeActions(uri, file, [first!], true);
  assert.ok(fastIdsStats.nodesMade - made <= numbers.size, `${fastIdsStats.nodesMade - made} items made`);
  assert.equal(one?.title, 'Put `90010` in quotes');
  assert.equal(all?.title, 'Put all 6 ids read as numbers or true/false in quotes', 'of every document');
  assert.deepEqual([all?.edits, all?.deferred], [[], 'quote-all-ids'], 'deferred when the client resolves edits');
  const edits = service.deferredEdits(uri, file, 'quote-all-ids');
  assert.equal(edits.length, 6);
  assert.deepEqual(edits, codeActions(file, [first!])[1]?.edits, 'the edits of the action undeferred');
  assert.deepEqual(codeActions(file, [bareIn(file, 1)])[1]?.edits, edits, 'the same from the second document');
  const fixed = applyEdits(text, edits);
  assert.deepEqual(typeErrors(fixed), [], 'every document of the file');
  assert.match(fixed, /\n {2}- "90700"\n/);
  assert.match(fixed, /\nids: \["1", "2"\]\n/);
});

test('a list of ids that are all numbers: one action puts them all in quotes', () => {
  const text = `ids:\n${Array.from({ length: 3000 }, (_, i) => `  - ${100000 + i * 7}\n`).join('')}site:\n  name: Shop\n`;
  const file = parseFile(text);
  const [first] = typeErrors(text);
  const [, all] = codeActions(file, [first!]);
  assert.equal(all?.title, 'Put all 3000 ids read as numbers or true/false in quotes');
  const fixed = applyEdits(text, all.edits);
  assert.deepEqual(typeErrors(fixed), []);
  assert.deepEqual(parseFile(fixed).documents.get(0)?.value, { ids: Array.from({ length: 3000 }, (_, i) => String(100000 + i * 7)), site: { name: 'Shop' } });
});

/** The first type error of document `index` of `file`, as a client without the data hands it back. */
function bareIn(file: ReturnType<typeof parseFile>, index: number): DiagnosticLike {
  const d = new LanguageService(() => 'unset').validateAll(file).find((e) => e.code === 'invalid-type' && e.document === index);
  assert.ok(d);
  return bare(d);
}
