// A parse keeps what it can from the last version of a file (documents, the ids list read), but
// never that version's text: V8 makes a slice of 13 characters or more a pointer into the string it
// was cut from, so one id kept from each version would keep each version's whole text alive (30
// edits of a file of 100,000 UUIDs held 30 texts of 4 MB). Counted in a heap snapshot (which
// collects garbage first): after the edits, only the current text is left.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LanguageService } from '../../../src/core/service';
import { validateFile } from '../../../src/core/validation';
import { parseFile, type FileParseOptions } from '../../../src/core/yaml';
import { stringsOfLength } from './heapSnapshot';

const URI = 'file:///old-texts.target-settings.yaml';

/** Ids the length of a UUID, long enough for V8 to slice rather than copy them. */
function ids(n: number, prefix: string): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}-${i.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`.slice(0, 36));
}

const SETTINGS = 'site:\n  name: Shop (staging), the long name\n  url: https://staging.shop.example/login\n';

function documentText(list: readonly string[], comment: string): string {
  return `ids:\n${list.map((id, i) => `  - ${id}${i % 50 === 0 ? ` # ${comment} ${i}` : ''}\n`).join('')}${SETTINGS}`;
}

test('after edits, no earlier version of the text is kept alive', async () => {
  // Three documents: the long list in the middle one, so the others are taken over as they are.
  let text = [documentText(ids(20, 'a'), 'first'), documentText(ids(2_000, 'b'), 'batch'), documentText(ids(20, 'c'), 'last')].join('---\n');
  const service = new LanguageService(() => 'unset');
  validateFile(service.parse(URI, 1, text));
  const edited = ids(2_000, 'b');
  for (let version = 2; version <= 21; version++) {
    // One more character in an id of the long list each time, so every version has a length of its own.
    const at = text.indexOf(edited[(version * 97) % 2_000]!) + 10;
    text = `${text.slice(0, at)}x${text.slice(at)}`;
    service.changed(URI, { start: at, oldEnd: at, newEnd: at + 1 });
    validateFile(service.parse(URI, version, text));
  }
  // Of the 21 versions, only the current text.
  assert.equal(await stringsOfLength(text.length - 20, text.length), 1);
});

/** The ids of a file's first document: nothing else of the parse, nor the text, is kept. */
function idsOf(text: string, options?: FileParseOptions): string[] {
  return (parseFile(text, undefined, undefined, options).documents.get(0)!.value as { ids: string[] }).ids;
}

test('a parse told it may share its text keeps the text alive through its ids; the parse after it does not', async () => {
  const shared = () => documentText(ids(2_000, 'd'), 'shared');
  // Another length, so that the two texts are told apart.
  const own = () => documentText(ids(2_001, 'e'), 'own');
  const sharedIds = idsOf(shared(), { sharesText: true });
  const ownIds = idsOf(own());
  assert.deepEqual(sharedIds, idsOf(shared()), 'the values of a parse that copies them');
  assert.equal(await stringsOfLength(shared().length, shared().length), 1, 'the shared text, alive through its ids');
  assert.equal(await stringsOfLength(own().length, own().length), 0, 'the text of the parse after it');
  assert.equal(sharedIds.length + ownIds.length, 4_001);
});
