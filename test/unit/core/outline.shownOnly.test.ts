// The outline and the folding ranges of a file of many documents read only the documents whose
// symbols and ranges they give: the others' `yaml` documents are not read (nor read again, once
// dropped: ParsedFile.dropDocuments), and nothing is kept for them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { documentSymbols, foldingRanges, type OutlineSymbol } from '../../../src/core/outline';
import { parseFile } from '../../../src/core/yaml';

/** 6,000 documents of 7 symbols each (the document's own aside), folding two deep inside it. */
const TEXT = Array.from(
  { length: 6000 },
  (_, i) => `---\nids: [t${i}]\nsite:\n  name: Site ${i}\n  url: https://s${i}.example\n  basic_auth:\n    username: u${i}\n    password: p\n`,
).join('');

const symbolsIn = (symbols: readonly OutlineSymbol[]): number => symbols.reduce((n, s) => n + 1 + symbolsIn(s.children), 0);

test('the outline and the folding ranges of a file of many documents read only the documents they show', () => {
  const file = parseFile(TEXT);
  assert.equal(file.dropDocuments(), TEXT.length, 'every document dropped');

  const outline = documentSymbols(file);
  assert.equal(outline.length, 6000, 'a symbol for each document');
  assert.equal(symbolsIn(outline) - 6000, 2000, 'the symbols inside them, up to the budget');
  assert.equal(symbolsIn(outline[285]!.children), 5, 'the last document shown, in part (2,000 = 285 x 7 + 5)');
  assert.deepEqual(outline[286]!.children, []);
  const folds = foldingRanges(file, 5000);
  assert.deepEqual(
    folds.map((f) => f.depth),
    Array.from({ length: 5000 }, () => 0),
    'the first 5,000 documents, nothing inside them',
  );

  // Read again: the first 286 documents, by the outline; none by the folding ranges.
  const read = file.dropDocuments();
  const shown = TEXT.split('---\n', 287).join('---\n').length;
  assert.ok(read <= shown, `read again: ${read} characters, ${shown} in the documents shown`);
  assert.ok(read >= shown - 100, `read again: ${read} characters`);
});
