// What an open file of many small documents holds once its documents are dropped (Slice.drop): its
// text in chunks, and for each document its view and what the slice's columns say of it. Counted
// in heap snapshots, which collect garbage first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LanguageService } from '../../../src/core/service';
import { validateFile } from '../../../src/core/validation';
import { ChunkedText, parseFile } from '../../../src/core/yaml';
import { objectsOf, stringsOfLength } from './heapSnapshot';

const URI = 'file:///many.target-settings.yaml';
const DOCUMENTS = 2_000;

/** A small document of settings, as a file of one document per target holds. */
const small = (i: number): string => `---\nids:\n  - t${i}x\nsite:\n  name: Site ${i}\n  url: https://s${i}.example\n`;

test('an open file keeps its text in chunks only once its documents are dropped, and makes it one string again when asked', async () => {
  // (Made in a function: the test keeps the chunks, not the string they were cut from.)
  const chunked = (() => ChunkedText.from(Array.from({ length: DOCUMENTS }, (_, i) => small(i)).join('')))();
  const length = chunked.length;
  const service = new LanguageService(() => 'unset');
  const file = service.parse(URI, 1, chunked);
  validateFile(file);
  assert.equal(file.source, chunked, 'the parse keeps the text as given, not the string its first read read');
  assert.equal(await stringsOfLength(length, length), 1, 'the text as one string, which the first read read');
  service.dropDocuments();
  assert.equal(await stringsOfLength(length, length), 0, 'the string, once dropped');
  assert.equal(file.text, chunked.toString());
  assert.equal(file.text.length, length);
});

test('forgetting the text as one string is not counted as dropped: a long document drops nothing on every keystroke', () => {
  // (The language server collects its garbage after a drop of 1 MB or more, and a feature makes a
  // long document's text one string again on a keystroke: counted, each keystroke paid a collection.)
  const list = (i: number): string => `ids:\n${Array.from({ length: 20_000 }, (_, k) => `  - id-${i}-${k}\n`).join('')}site:\n  name: Shop\n`;
  const service = new LanguageService(() => 'unset');
  for (let version = 1; version <= 2; version++) {
    const file = service.parse(URI, version, ChunkedText.from(list(version)));
    validateFile(file);
    assert.ok(file.text.length > 200_000, 'the text made one string');
    assert.equal(service.dropDocuments(), 0, `version ${version}: a document with a long list is not dropped`);
  }
});

test('a document read for its value has no object of its own: its view and its state are made when asked for', async () => {
  const file = parseFile(Array.from({ length: DOCUMENTS }, (_, i) => small(i)).join(''), undefined, undefined, { valuesFirst: true });
  validateFile(file);
  file.dropDocuments();
  assert.equal(await objectsOf('ParsedDocument'), 0, 'a view of a document is made when asked for (DocumentList)');
  assert.equal(await objectsOf('ColumnState'), 0, 'a state is a view of the columns made when asked for');
  // (What the views read through the columns is what was read before the drop: yaml.groupedDocuments.test.ts.)
  assert.equal(file.documents.length, DOCUMENTS);
  assert.deepEqual(file.documents.get(DOCUMENTS - 1)!.value, {
    ids: [`t${DOCUMENTS - 1}x`],
    site: { name: `Site ${DOCUMENTS - 1}`, url: `https://s${DOCUMENTS - 1}.example` },
  });
});
