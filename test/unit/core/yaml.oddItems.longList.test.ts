// A long `ids` list with a few items the fast path leaves to the `yaml` parse: a mapping or a flow
// list pasted in, an anchored id and an alias of it, a number. What the editor asks for on every
// keystroke (diagnostics, CodeLenses, the outline, folding, code actions) must neither make a node
// for each id (which the `yaml` package's walks of a list's `items` would: 80 to 200 ms a keystroke
// at 100,000 ids) nor say anything the full parse of the same text would not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LanguageService } from '../../../src/core/service';
import { parseFile, type ParsedFile } from '../../../src/core/yaml';
import { fastIdsStats } from '../../../src/core/yaml/idsText';
import { parsedVersions } from '../../fixtures/versions';
import { sandboxTargetIds } from '../../../src/sandbox/prng';

const URI = 'file:///odd-items.target-settings.yaml';
const IDS = sandboxTargetIds(3_000, 26);

const ODD_ITEMS: Record<string, (id: string, i: number) => string> = {
  'a mapping': (id, i) => (i === 700 ? `  - id: ${id}\n    name: pasted\n` : `  - ${id}\n`),
  'a flow list': (id, i) => (i === 700 ? `  - [${id}, other]\n` : `  - ${id}\n`),
  'an anchored id and its alias': (id, i) => (i === 700 ? `  - &first ${id}\n` : i === 2_100 ? '  - *first\n' : `  - ${id}\n`),
  'a number and a mapping every 500 items': (id, i) => (i % 500 === 250 ? `  - ${i}\n` : i % 500 === 400 ? `  - {id: ${id}}\n` : `  - ${id}\n`),
};

/** What the editor asks for after each change, from a file through a service. */
function asked(service: LanguageService, file: ParsedFile): unknown {
  const diagnostics = service.validateAll(file);
  return {
    diagnostics,
    lenses: service.lenses(file),
    symbols: service.symbols(file),
    folding: service.folding(file),
    actions: service.codeActions(URI, file, diagnostics),
    value: file.documents.map((doc) => doc.value),
  };
}

for (const [label, item] of Object.entries(ODD_ITEMS)) {
  test(`a long list holding ${label}: each keystroke makes no node per id, and says what the full parse says`, () => {
    const text = `ids:\n${IDS.map(item).join('')}site:\n  name: Shop\n  url: https://shop.example\n`;
    // Typing in an id near the end, then deleting what was typed.
    const at = text.indexOf(IDS[2_500]!) + 4;
    const versions = [text, `${text.slice(0, at)}x${text.slice(at)}`, `${text.slice(0, at)}xy${text.slice(at)}`, text];
    const service = new LanguageService(() => 'unset');
    for (const [file, version, v] of parsedVersions(service, URI, versions)) {
      assert.ok(file.documents.get(0)?.longIdsList !== undefined, `version ${v + 1}: the fast path read the list`);
      const made = fastIdsStats.nodesMade;
      const fast = asked(service, file);
      assert.ok(fastIdsStats.nodesMade - made <= 50, `version ${v + 1}: ${fastIdsStats.nodesMade - made} items made`);
      const full = asked(new LanguageService(() => 'unset'), parseFile(version, undefined, undefined, { fastPaths: false }));
      assert.deepEqual(fast, full, `version ${v + 1}`);
    }
  });
}

test('a long list of ids written as numbers, a mapping among them: the outline and folding make no node per number', () => {
  // The numbers lie outside the spans of ids the parse vouches for, as the items the parse read
  // do; only those that may be collections (indexesThatMayNest) are looked at for the outline.
  const text = `ids:\n${IDS.map((id, i) => (i === 700 ? `  - id: ${id}\n    name: pasted\n` : i % 2 === 0 ? `  - ${10_000 + i}\n` : `  - ${id}\n`)).join('')}site:\n  name: Shop\n`;
  const service = new LanguageService(() => 'unset');
  const file = service.parse(URI, 1, text);
  assert.ok(file.documents.get(0)?.longIdsList !== undefined, 'the fast path read the list');
  const made = fastIdsStats.nodesMade;
  const fast = { symbols: service.symbols(file), folding: service.folding(file) };
  assert.ok(fastIdsStats.nodesMade - made <= 5, `${fastIdsStats.nodesMade - made} items made`);
  const full = parseFile(text, undefined, undefined, { fastPaths: false });
  const reference = new LanguageService(() => 'unset');
  assert.deepEqual(fast, { symbols: reference.symbols(full), folding: reference.folding(full) });
});
