// A parse for the values first (FileParseOptions.valuesFirst) reads runs of small documents
// together, as one slice (parseDocumentsForValues): after any edit, each document must be where,
// and what, a fresh parse says, an edit must read again only the slice it touched, and a long
// `ids` list among such slices must keep what the fast path read of it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../../src/core/yaml/parse';
import type { ParsedFile } from '../../../src/core/yaml/parsedFile';
import { MAX_GROUPED_LENGTH } from '../../../src/core/yaml/slice';
import { fastIdsStats } from '../../../src/core/yaml/fastIds';
import { fastDocumentsStats } from '../../../src/core/yaml/fastDocuments';
import { validateFile } from '../../../src/core/validation';
import { foldingRanges } from '../../../src/core/outline';
import { bulkUpdateLenses } from '../../../src/core/bulk/lenses';
import { mulberry32 } from '../../../src/sandbox/prng';

const VALUES_FIRST = { valuesFirst: true };

/** A small document of settings, as a file of one document per target holds. */
const small = (i: number): string => `---\nids:\n  - t${i}x\nsite:\n  name: Site ${i}\n  url: https://s${i}.example\n`;

/** A long list the fast path reads (more than MIN_FAST_IDS_VALUES_FIRST ids). */
const LONG = `---\nids:\n${Array.from({ length: 400 }, (_, i) => `  - long${i}\n`).join('')}`;

/** Where each document is, what is in it, and what the features asked of every document read. */
function read(file: ParsedFile): unknown {
  return {
    documents: file.documents.map((doc, i) => ({
      index: doc.index === i,
      start: doc.start,
      end: doc.end,
      value: doc.value,
      empty: doc.isEmpty,
      // (Read from the file's text where the document now is: a slice read for its values keeps none.)
      contents: doc.document.contents?.range,
      errors: doc.errors.map((e) => e.pos),
    })),
    diagnostics: validateFile(file),
    lenses: bulkUpdateLenses(file),
    folding: foldingRanges(file),
  };
}

test('small documents read for their values are read in runs, and an edit reads again only the run it touched', () => {
  const text = Array.from({ length: 300 }, (_, i) => small(i)).join('');
  const file = parseFile(text, undefined, undefined, VALUES_FIRST);
  assert.equal(file.documents.length, 300);
  assert.ok(file.stats.slices < 300 / 10, `documents read together: ${file.stats.slices} slices`);
  for (const slice of file.slices) assert.ok(slice.length <= MAX_GROUPED_LENGTH, `a slice of ${slice.length} characters`);
  const at = text.indexOf('Site 150') + 5;
  const edited = text.slice(0, at) + 'q' + text.slice(at);
  const next = parseFile(edited, file, { start: at, oldEnd: at, newEnd: at + 1 }, VALUES_FIRST);
  assert.equal(next.stats.parsed, 1, 'one slice read again');
  assert.equal(next.stats.reused + next.stats.moved, next.stats.slices - 1);
  // (The documents before and after the run, taken over together: not looked at one by one, nor asked again by the checks.)
  const kept = next.history.keptSince(file.version)!;
  assert.ok(kept.prefix + kept.suffix >= 300 - MAX_GROUPED_LENGTH / 60, `documents kept before and after the edit: ${kept.prefix} + ${kept.suffix}`);
  assert.deepEqual(read(next), read(parseFile(edited, undefined, undefined, VALUES_FIRST)));
  assert.deepEqual(read(next), read(parseFile(edited)), 'as the parse with nodes reads it');
});

test('dropped, small documents read together are read again as a fresh parse reads them', () => {
  const text = Array.from({ length: 100 }, (_, i) => small(i)).join('');
  const file = parseFile(text, undefined, undefined, VALUES_FIRST);
  const values = file.documents.map((doc) => doc.value);
  assert.ok(file.dropDocuments() > 0.9 * text.length, 'their values dropped');
  assert.equal(file.dropDocuments(), 0, 'nothing left to drop');
  const reads = fastDocumentsStats.read;
  const [lenses, folding] = [bulkUpdateLenses(file), foldingRanges(file)];
  assert.equal(fastDocumentsStats.read - reads, 0, 'the lenses and folding ranges read no document again');
  assert.deepEqual([lenses, folding], [bulkUpdateLenses(parseFile(text)), foldingRanges(parseFile(text))]);
  assert.notEqual(file.documents.get(3)!.value, values[3], 'a value read again');
  assert.deepEqual(read(file), read(parseFile(text)));
});

test('a long list among small documents keeps what the fast path read of it', () => {
  const text = Array.from({ length: 40 }, (_, i) => small(i)).join('') + LONG + Array.from({ length: 40 }, (_, i) => small(i + 40)).join('');
  let file = parseFile(text, undefined, undefined, VALUES_FIRST);
  const at = text.indexOf('long200') + 4;
  const edited = text.slice(0, at) + 'Q' + text.slice(at);
  const before = fastIdsStats.linesRead;
  file = parseFile(edited, file, { start: at, oldEnd: at, newEnd: at + 1 }, VALUES_FIRST);
  assert.ok(fastIdsStats.linesRead - before < 50, `read ${fastIdsStats.linesRead - before} lines of the list again`);
  assert.deepEqual(read(file), read(parseFile(edited, undefined, undefined, VALUES_FIRST)));
});

test('after edits here and there, each small document read together with others is where, and what, a fresh parse says', () => {
  const random = mulberry32(Number(process.env.GROUPED_SEED ?? 4242));
  const original = Array.from({ length: 60 }, (_, i) => small(i)).join('') + LONG + '---\n# a comment\n---\n' + small(99);
  const snippets = ['q', ' ', '\n', '---\n', '- x\n', '  - d1\n', '#', '"', 'url: ${env:X}\n', '{'];
  let text = original;
  let file = parseFile(text, undefined, undefined, VALUES_FIRST);
  for (let step = 0; step < 200; step++) {
    const zone = random();
    const at = Math.floor((zone < 0.3 ? random() * 0.1 : zone < 0.6 ? 0.9 + random() * 0.1 : random()) * (text.length + 1));
    const removed = random() < 0.3 ? Math.min(1 + Math.floor(random() * 5), text.length - at) : 0;
    const insert = random() < 0.85 ? snippets[Math.floor(random() * snippets.length)]! : '';
    text = text.slice(0, at) + insert + text.slice(at + removed);
    file = parseFile(text, file, { start: at, oldEnd: at + removed, newEnd: at + insert.length }, VALUES_FIRST);
    if (random() < 0.2) file.dropDocuments();
    if (random() < 0.5) continue;
    assert.deepEqual(read(file), read(parseFile(text)), `step ${step}: ${JSON.stringify(text.slice(Math.max(0, at - 20), at + 20))} at ${at}`);
  }
});

test('documents that are not plain among small ones: those around them are read together, and no run is tried twice in vain', () => {
  const flow = (i: number): string => `---\nids: [f${i}]\nsite: {name: Flow ${i}}\n`;
  const attempts = (): number => fastDocumentsStats.read + fastDocumentsStats.steppedAside;
  for (const every of [20, 2, 1]) {
    const text = Array.from({ length: 400 }, (_, i) => (i % every === every - 1 ? flow(i) : small(i))).join('');
    const before = attempts();
    const file = parseFile(text, undefined, undefined, VALUES_FIRST);
    const tried = attempts() - before;
    const odd = Math.floor(400 / every);
    // Each document that is not plain: its own slice, tried for its values and for its nodes, and
    // the one after it read on its own; the runs of plain ones between: one slice each where they
    // fit, read once, and once more at most where an attempt stopped at the next document that is not.
    assert.ok(file.stats.slices <= 3 * odd + 400 / 30, `${every}: ${file.stats.slices} slices`);
    assert.ok(tried <= 2 * odd + 2 * (file.stats.slices - odd) + 4, `${every}: ${tried} texts read for ${file.stats.slices} slices`);
    assert.deepEqual(read(file), read(parseFile(text)), `${every}: as the parse with nodes reads it`);
  }
});
