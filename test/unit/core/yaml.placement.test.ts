// The documents after an edit keep their place from the end of the file (core/yaml/placement.ts):
// an edit before them moves them, and changes their indexes, without a write to each; the next
// edit elsewhere makes some of them keep it from the start again. After every edit of a file of
// many documents, some with long `ids` lists (the fast path's scans, moved when next read), each
// document must be where, and what, the same text parsed afresh says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../../src/core/yaml/parse';
import type { ParsedFile } from '../../../src/core/yaml/parsedFile';
import { validateFile } from '../../../src/core/validation';
import { mulberry32 } from '../../../src/sandbox/prng';

const ids = (prefix: string, count: number): string[] => Array.from({ length: count }, (_, i) => `${prefix}${i % 50}`);

const DOCUMENTS = [
  `ids:\n${ids('a', 70)
    .map((id) => `  - ${id}\n`)
    .join('')}site:\n  name: One\n`,
  '---\nids: [x]\nsite:\n  name: Two\n',
  `---\nids: [${ids('b', 80).join(', ')}]\nreport_type: pci\n`,
  '---\n# a comment\nsite: {name: Four}\n',
  `---\nids:\n${ids('c', 66)
    .map((id) => `  - "${id}"\n`)
    .join('')}`,
  '---\nids: [y, y]\n',
];

const SNIPPETS = ['q', 'Z', ' ', '\n', '---\n', '- x\n', '  - d1\n', '#', '"'];

/** Where each document is and what is in it: what an editor reads after an edit. */
function placed(file: ParsedFile): unknown {
  return {
    documents: file.documents.map((doc, i) => {
      // (The list first: what it kept from the version before must be where the document now is.)
      const list = doc.longIdsList;
      const ids = list === undefined ? undefined : list.values.map((_, k) => list.valueRange(k));
      return {
        index: doc.index === i,
        start: doc.start,
        end: doc.end,
        range: doc.document.range,
        contents: doc.document.contents?.range,
        errors: doc.errors.map((e) => e.pos),
        ids,
      };
    }),
    diagnostics: validateFile(file),
  };
}

test('after edits here and there in a file of many documents, each document is where a fresh parse puts it', () => {
  const random = mulberry32(Number(process.env.PLACEMENT_SEED ?? 31337));
  const original = DOCUMENTS.join('').repeat(6);
  let text = original;
  let file = parseFile(text);
  let moved = 0;
  for (let step = 0; step < 300; step++) {
    const prior = text;
    if (step % 100 === 0) text = original;
    // Typing stays in one place for a few edits, then jumps: near the top, near the end, anywhere.
    const zone = random();
    const at = Math.floor((zone < 0.3 ? random() * 0.1 : zone < 0.6 ? 0.9 + random() * 0.1 : random()) * (text.length + 1));
    const removed = random() < 0.3 ? Math.min(1 + Math.floor(random() * 3), text.length - at) : 0;
    const insert = random() < 0.85 ? SNIPPETS[Math.floor(random() * SNIPPETS.length)]! : '';
    text = text.slice(0, at) + insert + text.slice(at + removed);
    // (Back to the start: the whole text changed.)
    const change = step % 100 === 0 ? { start: 0, oldEnd: prior.length, newEnd: text.length } : { start: at, oldEnd: at + removed, newEnd: at + insert.length };
    file = parseFile(text, file, change);
    moved += file.stats.moved;
    // One version in two is read: the moves of those not read add up until one is.
    if (random() < 0.5) continue;
    assert.deepEqual(placed(file), placed(parseFile(text)), `step ${step}: ${JSON.stringify(text.slice(Math.max(0, at - 20), at + 20))} at ${at}`);
  }
  assert.ok(moved > 1000, `documents were moved: ${moved}`);
});

test('a version a later parse took over is not taken over again: the parse from it is a fresh one', () => {
  const text = DOCUMENTS.join('');
  const first = parseFile(text);
  const second = parseFile('q' + text, first, { start: 0, oldEnd: 0, newEnd: 1 });
  assert.ok(second.stats.moved > 0);
  const again = parseFile('Z' + text, first, { start: 0, oldEnd: 0, newEnd: 1 });
  assert.equal(again.stats.parsed, again.stats.slices, 'every slice parsed');
  assert.deepEqual(placed(again), placed(parseFile('Z' + text)));
});
