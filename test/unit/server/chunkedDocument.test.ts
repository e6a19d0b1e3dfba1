// The server's open document (text in chunks, line starts kept up to date) against
// vscode-languageserver-textdocument's, which it replaced: the same text, positions and offsets
// after any series of incremental and whole-text changes, reversed ranges and characters past a
// line's end included.
import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { ChunkedDocument } from '../../../src/server/chunkedDocument';

const unit = fc.constantFrom('a', 'b', ' ', '\n', '\r\n', '\r', 'é', '- x');
const textArb = fc.string({ unit, maxLength: 60 });
const positionArb = fc.record({ line: fc.integer({ min: -1, max: 12 }), character: fc.integer({ min: -1, max: 12 }) });
const changeArb: fc.Arbitrary<TextDocumentContentChangeEvent> = fc.oneof(
  { weight: 9, arbitrary: fc.record({ range: fc.record({ start: positionArb, end: positionArb }), text: textArb }) },
  { weight: 1, arbitrary: fc.record({ text: textArb }) },
);

describe('ChunkedDocument', () => {
  test('gives the text, positions and offsets of vscode-languageserver-textdocument after random changes', () => {
    fc.assert(
      fc.property(textArb, fc.array(changeArb, { maxLength: 12 }), fc.array(positionArb, { minLength: 5, maxLength: 5 }), (first, changes, probes) => {
        const reference = TextDocument.create('file:///a.yaml', 'yaml', 1, first);
        const document = new ChunkedDocument('file:///a.yaml', 'yaml', 1, first);
        for (const [i, generated] of changes.entries()) {
          // Ranges on the document's lines, as a client sends them (the replaced document's line
          // offsets go wrong for a range past its last line); a character past a line's end is clamped by both.
          const onLines = (p: { line: number; character: number }) => ({
            line: Math.min(Math.max(p.line, 0), reference.lineCount - 1),
            character: p.character,
          });
          const change =
            'range' in generated ? { range: { start: onLines(generated.range.start), end: onLines(generated.range.end) }, text: generated.text } : generated;
          const before = reference.getText();
          const told = document.apply(change);
          TextDocument.update(reference, [change], i + 2);
          const after = reference.getText();
          assert.equal(document.getText(), after, `text after change ${i}`);
          assert.equal(after.slice(0, told.start) + after.slice(told.newEnd), before.slice(0, told.start) + before.slice(told.oldEnd), 'the change it reports');
          for (let offset = -1; offset <= after.length + 1; offset++)
            assert.deepEqual(document.positionAt(offset), reference.positionAt(offset), `positionAt(${offset})`);
          for (const p of probes) {
            assert.equal(document.offsetAt(p), reference.offsetAt(p), `offsetAt(${JSON.stringify(p)})`);
            assert.equal(document.getText({ start: p, end: probes[0]! }), reference.getText({ start: p, end: probes[0]! }), 'getText(range)');
          }
        }
      }),
      { numRuns: 400 },
    );
  });
});
