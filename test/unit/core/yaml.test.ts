// The YAML layer: parsing with positions, node lookup by path and by offset, JSON pointers, the
// parse cache, and safe values (alias limits).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isScalar, isSeq } from 'yaml';
import { decodeJsonPointer, encodeJsonPointer, formatFieldPath, pointerToPath } from '../../../src/core/paths';
import { deepestNodeAtPath, firstKey, nodeAtPath, parseFile, pathAtOffset, type ParsedDocument, type ParsedFile } from '../../../src/core/yaml';
import { hasSchemaModeline } from '../../../src/core/fileMatch';
import { LanguageService } from '../../../src/core/service';
import { fmt, marked } from '../../fixtures/validation/markers';

/** Document `index` of `file`, asserted to be there. */
function documentOf(file: ParsedFile, index = 0): ParsedDocument {
  const doc = file.documents.get(index);
  assert.ok(doc, `document ${index} (of ${file.documents.length})`);
  return doc;
}

test('documents: index, offsets, errors, value', () => {
  const file = parseFile(`a: 1\n---\nb: [2\n---\n`);
  assert.equal(file.documents.length, 3);
  const [one, two, three] = file.documents;
  assert.ok(one && two && three, 'three documents');
  assert.deepEqual([one.index, one.start, one.end], [0, 0, 5]);
  assert.deepEqual(one.value, { a: 1 });
  assert.equal(two.start, 5);
  assert.ok(two.errors.length > 0);
  assert.equal(three.isEmpty, true);
  assert.equal(one.isEmpty, false);
  assert.equal(parseFile('').documents.length, 0);
  assert.equal(parseFile('# just a comment\n').documents.length, 0);
  assert.equal(documentOf(parseFile('--- ~\n')).isEmpty, false, 'an explicit null is content');
});

test('positions: offset <-> 0-based line/character, with LF and CRLF', () => {
  for (const eol of ['\n', '\r\n']) {
    const text = ['ids:', '  - a', '', 'site: {}'].join(eol);
    const file = parseFile(text);
    const offset = text.indexOf('site');
    assert.deepEqual(file.positionAt(offset), { line: 3, character: 0 });
    assert.equal(file.offsetAt({ line: 3, character: 0 }), offset);
    assert.equal(file.offsetAt({ line: 1, character: 99 }), text.indexOf('a') + 1, 'clamped before the line break');
    assert.equal(file.lineEnd(0), 4);
    assert.equal(file.lineStart(1), 4 + eol.length);
    assert.equal(file.lineCount, 4);
    assert.deepEqual(file.positionAt(text.length + 10), { line: 3, character: 8 });
    for (let o = 0; o <= text.length; o++) {
      if (text[o - 1] !== '\r') {
        assert.equal(file.offsetAt(file.positionAt(o)), o, `round trip at ${o} (${JSON.stringify(eol)})`);
      }
    }
    assert.deepEqual(file.rangeOf({ start: offset, end: offset + 4 }), { start: { line: 3, character: 0 }, end: { line: 3, character: 4 } });
    assert.deepEqual(file.rangeOf([offset, offset + 4, offset + 9]), file.rangeOf({ start: offset, end: offset + 4 }));
  }
});

test('documentAt finds the document of an offset', () => {
  const text = '# c\na: 1\n---\nb: 2\n---\nc: 3\n';
  const file = parseFile(text);
  assert.equal(file.documentAt(0)?.index, 0);
  assert.equal(file.documentAt(text.indexOf('b'))?.index, 1);
  assert.equal(file.documentAt(text.indexOf('---', 10))?.index, 2);
  assert.equal(file.documentAt(text.length)?.index, 2);
  assert.equal(parseFile('').documentAt(0), undefined);
});

test('nodeAtPath: key and value nodes with their ranges', () => {
  const m = marked(`ids:\n  - 3Sy7TyNMnQ8x\n  - «4Hk2QpZr9WbT»\nsite:\n  headers:\n    - name: X-One\n    - «name»: «X-Two»\n`);
  const doc = documentOf(parseFile(m.text)).document;
  const id = nodeAtPath(doc, ['ids', 1]);
  assert.ok(id);
  assert.equal(id.key, null);
  assert.deepEqual(id.valueRange, m.offsets[0]);
  assert.ok(isSeq(id.parent));
  const name = nodeAtPath(doc, ['site', 'headers', '1', 'name']); // a numeric string works as an index
  assert.ok(name);
  assert.deepEqual(name.keyRange, m.offsets[1]);
  assert.deepEqual(name.valueRange, m.offsets[2]);
  assert.ok(isScalar(name.value) && name.value.value === 'X-Two');
  assert.equal(nodeAtPath(doc, ['site', 'nope']), undefined);
  assert.equal(nodeAtPath(doc, ['ids', 5]), undefined);
  assert.equal(nodeAtPath(doc, ['ids', 0, 'x']), undefined);
  const root = nodeAtPath(doc, []);
  assert.ok(root && root.key === null && root.parent === null);
  const deepest = deepestNodeAtPath(doc, ['site', 'headers', 0, 'value']);
  assert.equal(deepest.depth, 3);
  assert.equal(firstKey(deepest.found.value)?.toString(), 'name');
});

test('nodeAtPath: the last of repeated keys, as the value has it', () => {
  const doc = documentOf(parseFile('a: 1\na: 2\n')).document;
  const found = nodeAtPath(doc, ['a']);
  assert.ok(found && isScalar(found.value) && found.value.value === 2);
  // Large mappings use an index; same answer.
  const big = Array.from({ length: 100 }, (_, i) => `k${i}: ${i}`).join('\n') + '\nk7: last\n';
  const bigDoc = documentOf(parseFile(big)).document;
  const k7 = nodeAtPath(bigDoc, ['k7']);
  assert.ok(k7 && isScalar(k7.value) && k7.value.value === 'last');
  assert.ok(nodeAtPath(bigDoc, ['k99']));
});

test('pathAtOffset: key or value, deepest node, blank lines, flow collections', () => {
  const m = marked(`ids:
  - 3Sy7‸TyNMnQ8x
  - 4Hk2QpZr9WbT‸
si‸te:
  na‸me: Shop
  desc: ‸
‸
  headers: [{name: X-‸One, value: "1"}]
  url:‸ https://x
`);
  const doc = documentOf(parseFile(m.text)).document;
  const at = (i: number) => {
    const cursor = m.cursors[i];
    assert.ok(cursor !== undefined, `cursor ${i}`);
    const r = pathAtOffset(doc, cursor);
    return r && [r.path, r.kind];
  };
  assert.deepEqual(at(0), [['ids', 0], 'value']);
  assert.deepEqual(at(1), [['ids', 1], 'value'], 'just after a value is still in it');
  assert.deepEqual(at(2), [['site'], 'key']);
  assert.deepEqual(at(3), [['site', 'name'], 'key']);
  assert.deepEqual(at(4), [['site', 'desc'], 'value'], 'after "desc: " with no value');
  assert.deepEqual(at(5), [['site'], 'value'], 'a blank line inside site');
  assert.deepEqual(at(6), [['site', 'headers', 0, 'name'], 'value']);
  assert.deepEqual(at(7), [['site', 'url'], 'value'], 'between the colon and the value');
  assert.equal(pathAtOffset(documentOf(parseFile('a: 1\n\n\n')).document, 7), undefined, 'after the root node');
});

test('pathAtOffset on a long list: binary search finds the item', () => {
  const ids = Array.from({ length: 5000 }, (_, i) => `  - id${i}`);
  const text = `ids:\n${ids.join('\n')}\n`;
  const doc = documentOf(parseFile(text)).document;
  const offset = text.indexOf('id4321') + 3;
  assert.deepEqual(pathAtOffset(doc, offset)?.path, ['ids', 4321]);
});

test('JSON pointers: encode, decode, typed by the data, formatted for people', () => {
  assert.equal(encodeJsonPointer([]), '');
  assert.equal(encodeJsonPointer(['site', 'headers', 2, 'a/b~c']), '/site/headers/2/a~1b~0c');
  assert.equal(encodeJsonPointer(['a~b', 'c/d', 'e']), '/a~0b/c~1d/e');
  assert.deepEqual(decodeJsonPointer('/site/headers/2/a~1b~0c'), ['site', 'headers', '2', 'a/b~c']);
  assert.deepEqual(decodeJsonPointer(''), []);
  assert.deepEqual(decodeJsonPointer('#/a%20b/0'), ['a b', '0']);
  assert.throws(() => decodeJsonPointer('site'), SyntaxError);
  const value = { site: { headers: [{ name: 'x' }] }, '1': { '2': true } };
  assert.deepEqual(pointerToPath('/site/headers/0/name', value), ['site', 'headers', 0, 'name']);
  assert.deepEqual(pointerToPath('/1/2', value), ['1', '2'], 'numeric keys of a mapping stay strings');
  assert.deepEqual(pointerToPath('/site/missing/3', value), ['site', 'missing', 3]);
  assert.equal(formatFieldPath(['site', 'headers', 2, 'name']), 'site.headers[2].name');
  assert.equal(formatFieldPath(['ids', 3]), 'ids[3]');
  assert.equal(formatFieldPath(['site', 'my key']), 'site["my key"]');
  assert.equal(formatFieldPath(['my key', 0]), '"my key"[0]');
  assert.equal(formatFieldPath([]), 'the document');
});

test('values: aliases expand; an alias bomb gives an error instead of hanging', () => {
  const ok = documentOf(parseFile('a: &x [1, 2]\nb: *x\n'));
  assert.deepEqual(ok.value, { a: [1, 2], b: [1, 2] });
  assert.equal(ok.usesAliases, true);
  assert.equal(documentOf(parseFile('a: &x 1\n')).usesAliases, false);
  const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < 10; i++) {
    const prev = String.fromCharCode(96 + i);
    const name = String.fromCharCode(97 + i);
    lines.push(`${name}: &${name} [${Array(10).fill(`*${prev}`).join(', ')}]`);
  }
  const bomb = documentOf(parseFile(lines.join('\n')));
  assert.equal(bomb.value, undefined);
  assert.equal(bomb.valueError?.kind, 'alias-limit');
});

test('LanguageService.parse: one parse per version, unchanged documents reused, forgotten when closed', () => {
  const service = new LanguageService(() => 'unset');
  const v1 = `ids: [a]\nsite: {}\n---\nids: [b]\nsite: {}\n`;
  const first = service.parse('file:///a', 1, v1);
  assert.equal(service.parse('file:///a', 1, v1), first, 'same version, same object');
  const v2 = v1.replace('[b]', '[b, c]');
  const second = service.parse('file:///a', 2, v2);
  assert.notEqual(second, first);
  assert.deepEqual(second.stats, { slices: 2, parsed: 1, reused: 1, moved: 0, read: v2.length - v2.indexOf('---') });
  assert.equal(documentOf(second).document, documentOf(first).document, 'document 1 is shared');
  assert.deepEqual(documentOf(second, 1).value, { ids: ['b', 'c'], site: {} });
  // Same version number with other text (a revert by another client): parsed again.
  assert.notEqual(service.parse('file:///a', 2, v1), second);
  service.close('file:///a');
  const reopened = service.parse('file:///a', 2, v1);
  assert.deepEqual(reopened.stats?.reused, 0, 'a closed file is parsed from scratch');
});

test('markers helper: ranges and cursors on the stripped text', () => {
  const m = marked('a: «b»\n«c»: ‸d\n');
  assert.equal(m.text, 'a: b\nc: d\n');
  assert.deepEqual(m.ranges.map(fmt), ['0:3-0:4', '1:0-1:1']);
  assert.deepEqual(m.cursors, [8]);
});

test('a lone CR is a line break, as YAML and LSP count lines: same values and positions as with LF', () => {
  const lf = 'ids:\n  - a\n  - b\nsite:\n  name: x\n';
  const cr = lf.replace(/\n/g, '\r');
  const fromCr = parseFile(cr);
  const fromLf = parseFile(lf);
  assert.deepEqual(documentOf(fromCr).value, documentOf(fromLf).value);
  assert.equal(documentOf(fromCr).errors.length, 0);
  assert.deepEqual(fromCr.positionAt(cr.indexOf('name')), { line: 4, character: 2 });
  assert.equal(fromCr.lineCount, fromLf.lineCount);
  // Mixed with CRLF and LF, each break counts once.
  const mixed = 'ids:\r\n  - a\r  - b\nsite:\r  name: x\r\n';
  assert.deepEqual(documentOf(parseFile(mixed)).value, documentOf(fromLf).value);
  assert.deepEqual(parseFile(mixed).positionAt(mixed.indexOf('name')), { line: 4, character: 2 });
  // The file's text is the text as given, its lines ending before each kind of break.
  const file = parseFile(mixed);
  assert.equal(file.text, mixed);
  const lines = Array.from({ length: file.lineCount }, (_, line) => mixed.slice(file.lineStart(line), file.lineEnd(line)));
  assert.deepEqual(lines, ['ids:', '  - a', '  - b', 'site:', '  name: x', '']);
  assert.deepEqual(fromCr.offsetAt({ line: 1, character: 99 }), cr.indexOf('\r', 5), 'a character past the end of a line: its end, before the lone CR');
  // A schema modeline ends at the first line break, whichever it is.
  for (const eol of ['\n', '\r\n', '\r']) {
    assert.ok(hasSchemaModeline(`# yaml-language-server: $schema=./target-settings.schema.json${eol}ids: [a]${eol}`), JSON.stringify(eol));
  }
});

test("the parse's syntax errors are made without stack traces, and the process's stack traces are as they were after it", () => {
  const limit = Error.stackTraceLimit;
  // Ids pasted above the settings: the settings' every token is a syntax error.
  const file = parseFile('- a\n- b\nsite:\n  name: Shop\n  url: https://shop.example\n');
  const errors = file.documents.flatMap((doc) => doc.errors);
  assert.ok(errors.length > 0, 'the file has syntax errors');
  for (const e of errors) assert.equal(e.stack?.includes('\n    at '), false, `no stack frames in ${e.stack}`);
  assert.equal(Error.stackTraceLimit, limit);
});
