// Folding ranges past the client's limit (VS Code takes 5,000): the outermost are kept, as VS Code
// keeps them, so that a file of many documents can still fold each document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { foldingRanges } from '../../../src/core/outline';
import { parseFile } from '../../../src/core/yaml';

/** 30 documents, each folding three deep: the document, its `site`, its `basic_auth`. */
const TEXT = Array.from({ length: 30 }, (_, i) => `---\nids: [t${i}]\nsite:\n  name: Site ${i}\n  basic_auth:\n    username: u${i}\n    password: p\n`).join(
  '',
);

test('folding ranges within the limit are all given; past it, the deepest levels are left out, then the last of the outermost', () => {
  const file = parseFile(TEXT);
  const all = foldingRanges(file);
  assert.deepEqual(
    all.slice(0, 3).map((f) => [file.positionAt(f.start).line, file.positionAt(f.end).line, f.depth]),
    [
      [0, 6, 0],
      [2, 6, 1],
      [4, 6, 2],
    ],
  );
  assert.equal(all.length, 90);
  assert.deepEqual(foldingRanges(file, 90), all);
  const upTo = (depth: number): unknown[] => all.filter((f) => f.depth <= depth);
  assert.deepEqual(foldingRanges(file, 89), upTo(1), 'the documents and their `site`');
  assert.deepEqual(foldingRanges(file, 60), upTo(1));
  assert.deepEqual(foldingRanges(file, 59), upTo(0), 'the documents');
  assert.deepEqual(foldingRanges(file, 20), upTo(0).slice(0, 20), 'the first 20 documents');
});

test('a range on one line does not fold, and takes none of the limit', () => {
  const file = parseFile('site: {name: x, url: "https://x.example"}\nnavigation:\n  - a\n  - b\nreport_type: pci\n');
  assert.deepEqual(
    foldingRanges(file, 1).map((f) => [file.positionAt(f.start).line, file.positionAt(f.end).line]),
    [[1, 3]],
  );
});
