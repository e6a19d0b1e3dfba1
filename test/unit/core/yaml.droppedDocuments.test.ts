// A file whose documents nobody is reading drops their `yaml` documents and values
// (ParsedFile.dropDocuments, Slice.drop), and each reads them again from its own text when asked:
// what is read then must be what a fresh parse of the file reads, wherever the edits since have
// moved it, whatever its text holds (comments, flow collections, errors, line endings, anchors).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../../src/core/yaml/parse';
import type { ParsedFile } from '../../../src/core/yaml/parsedFile';
import { MAX_DROPPED_LENGTH } from '../../../src/core/yaml/slice';
import { validateFile } from '../../../src/core/validation';

/** Small documents of the shapes a run of text takes. */
const SMALL = [
  'ids:\n  - a1\n  - a2\nsite:\n  name: One # a comment\n',
  '---\nids: [b1, b2]\nreport_type: pci\n',
  '---\r\nids:\r\n  - c1\r\nsite: {name: "Three"}\r\n',
  '---\nids:\r  - d1\r  - d2\n',
  '---\n# only a comment\n',
  '---\nids: [e1\nsite: broken: here\n',
  '---\nbase: &b {name: Shared}\nsite: *b\nids: ["f1", \'f2\']\n',
  '---\n',
];

/**
 * Once in the file, near its end: flow collections nested too deep to read (slow to check, once is
 * enough), and an open quote (the lexer looks for its closing quote in the rest of the file, and
 * the run merges with every one after it).
 */
const TAIL = `---\nids: ${'['.repeat(300)}\n---\n"an open quote\n`;

/** Each document's place and contents, its value and the diagnostics: what features read. */
function read(file: ParsedFile): unknown {
  return {
    documents: file.documents.map((doc) => ({
      index: doc.index,
      start: doc.start,
      end: doc.end,
      range: doc.document.range,
      contents: doc.document.contents?.range,
      errors: doc.errors.map((e) => [e.code, e.pos]),
      warnings: doc.warnings.map((e) => [e.code, e.pos]),
      value: doc.value,
      valueError: doc.valueError?.kind,
      empty: doc.isEmpty,
    })),
    streamErrors: file.streamErrors.map((e) => e.pos),
    diagnostics: validateFile(file),
  };
}

/** Types `letters` at `at`, one parse each, reading nothing. */
function typeAt(text: string, file: ParsedFile, at: number, letters: string): { text: string; file: ParsedFile } {
  for (const letter of letters) {
    text = text.slice(0, at) + letter + text.slice(at);
    file = parseFile(text, file, { start: at, oldEnd: at, newEnd: at + 1 });
    at++;
  }
  return { text, file };
}

test('dropped documents are read again as a fresh parse reads them, wherever edits have moved them', () => {
  let text = SMALL.join('').repeat(40) + TAIL;
  let file = parseFile(text);
  assert.ok(file.stats.slices > 250, `many slices: ${file.stats.slices}`);
  const first = file.documents.map((doc) => doc.document);
  const values = file.documents.map((doc) => doc.value);
  const dropped = file.dropDocuments();
  assert.ok(dropped > 0.9 * text.length, `dropped from ${dropped} of ${text.length} characters`);
  assert.equal(file.dropDocuments(), 0, 'nothing left to drop');
  assert.deepEqual(read(file), read(parseFile(text)), 'read again where they were');
  assert.equal(file.documents.filter((doc, i) => doc.document === first[i]).length, 0, 'new nodes');
  assert.equal(file.documents.filter((doc, i) => typeof values[i] === 'object' && values[i] !== null && doc.value === values[i]).length, 0, 'new values');
  // Typed at the top: every other slice moves while its documents are dropped.
  file.dropDocuments();
  ({ text, file } = typeAt(text, file, 5, 'xyz'));
  assert.deepEqual(read(file), read(parseFile(text)), 'moved since they were dropped');
  // Dropped again, typed at the end: the slices after the edits came back to where they were.
  assert.ok(file.dropDocuments() > 0);
  ({ text, file } = typeAt(text, file, text.length - 20, 'qq'));
  ({ text, file } = typeAt(text, file, 5, 'w'));
  assert.deepEqual(read(file), read(parseFile(text)), 'moved, dropped and moved back');
});

test('a version a later parse took over drops nothing; a long run of text, or one with a fast-path list, keeps its documents', () => {
  const long = `ids:\n${Array.from({ length: 80 }, (_, i) => `  - id${i}\n`).join('')}`;
  const large = `---\nsite:\n  name: "${'n'.repeat(MAX_DROPPED_LENGTH)}"\n`;
  const small = SMALL.slice(1, 4).join('');
  const text = `${long}${large}${small}`;
  const older = parseFile(text);
  const { file } = typeAt(text, older, text.length - 5, 'q');
  assert.equal(older.dropDocuments(), 0, 'an older version drops nothing');
  const [listed, big] = [file.documents.get(0)!.document, file.documents.get(1)!.document];
  assert.equal(file.dropDocuments(), small.length + 1, 'the three small documents (one with the letter typed)');
  assert.equal(file.documents.get(0)!.document, listed, 'the fast path keeps its nodes');
  assert.equal(file.documents.get(1)!.document, big, 'a slice too long to read again keeps its nodes');
  assert.deepEqual(read(file), read(parseFile(`${text.slice(0, -5)}q${text.slice(-5)}`)));
});
