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
import { composeChanges } from '../../../src/core/yaml/textChange';

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

  test('applies the events of one message as vscode-languageserver-textdocument does, many at once (last first, as VS Code sends a replace-all) or not', () => {
    // Where each edit starts (a fraction of the text), how long it is, what it puts in, and how far
    // past its line's end its end position is said to be (a client may say so; 0 mostly).
    const picksArb = fc.array(
      fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(4), textArb, fc.oneof({ weight: 5, arbitrary: fc.constant(0) }, fc.nat(3))),
      {
        minLength: 2,
        maxLength: 12,
      },
    );
    fc.assert(
      fc.property(textArb, picksArb, fc.array(changeArb, { maxLength: 3 }), (first, picks, others) => {
        const original = TextDocument.create('file:///a.yaml', 'yaml', 1, first);
        // Edits apart, last first, their positions read in the text before any: each is the same
        // position in the text the ones before it made.
        const starts = picks.map(([at]) => Math.floor(at * first.length)).sort((a, b) => b - a);
        const lastFirst: TextDocumentContentChangeEvent[] = [];
        let limit = first.length;
        for (const [i, start] of starts.entries()) {
          const end = Math.min(start + picks[i]![1], limit);
          if (start > end) continue;
          const [, , text, past] = picks[i]!;
          const endAt = original.positionAt(end);
          const lineEnd = original.positionAt(original.offsetAt({ line: endAt.line + 1, character: 0 }) - 1);
          const pastEnd = past > 0 && lineEnd.line === endAt.line ? { line: endAt.line, character: lineEnd.character + past } : endAt;
          lastFirst.push({ range: { start: original.positionAt(start), end: pastEnd }, text });
          limit = start;
        }
        // The same followed by events of any kind (a whole text, a range anywhere on the lines of
        // the text the events before it made, as a client sends them): taken one at a time.
        const mixed = [...lastFirst];
        const scratch = TextDocument.create('file:///a.yaml', 'yaml', 1, first);
        TextDocument.update(scratch, lastFirst, 2);
        for (const c of others) {
          const onLines = (p: { line: number; character: number }) => ({ line: Math.min(Math.max(p.line, 0), scratch.lineCount - 1), character: p.character });
          const event = 'range' in c ? { range: { start: onLines(c.range.start), end: onLines(c.range.end) }, text: c.text } : c;
          mixed.push(event);
          TextDocument.update(scratch, [event], scratch.version + 1);
        }
        for (const events of [lastFirst, mixed]) {
          const reference = TextDocument.create('file:///a.yaml', 'yaml', 1, first);
          const document = new ChunkedDocument('file:///a.yaml', 'yaml', 1, first);
          const told = document.applyAll(events);
          TextDocument.update(reference, events, 2);
          const after = reference.getText();
          assert.equal(document.getText(), after, `text after ${JSON.stringify(events)}`);
          // The changes it reports, one after the other, are the whole difference.
          let composed: { start: number; oldEnd: number; newEnd: number } | undefined;
          for (const c of told) composed = composed === undefined ? c : composeChanges(composed, c);
          if (composed !== undefined)
            assert.equal(
              after.slice(0, composed.start) + after.slice(composed.newEnd),
              first.slice(0, composed.start) + first.slice(composed.oldEnd),
              'the changes it reports',
            );
          for (let offset = 0; offset <= after.length; offset++)
            assert.deepEqual(document.positionAt(offset), reference.positionAt(offset), `positionAt(${offset})`);
        }
      }),
      { numRuns: 400 },
    );
  });

  test('an event that ends where the one before it starts, after a `\r` that the one before makes a `\r\n`', () => {
    for (const [first, events] of [
      // The `\n` put after the `\r` moves where line 1 starts: (1, 0) is then after it.
      [
        '\ra',
        [
          { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: '\n' },
          { range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }, text: '' },
        ],
      ],
      [
        'x\ry',
        [
          { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } }, text: '\nz' },
          { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: '!' },
        ],
      ],
    ] as const) {
      const reference = TextDocument.create('file:///a.yaml', 'yaml', 1, first);
      const document = new ChunkedDocument('file:///a.yaml', 'yaml', 1, first);
      document.applyAll(events);
      TextDocument.update(reference, [...events], 2);
      assert.equal(document.getText(), reference.getText(), JSON.stringify(first));
    }
  });

  test('a replace-all, last match first, is made in one pass and reported as one change', () => {
    const text = Array.from({ length: 2000 }, (_, i) => `  - id${i}\r\n`).join('');
    const document = new ChunkedDocument('file:///a.yaml', 'yaml', 1, text);
    const events = Array.from({ length: 2000 }, (_, k) => {
      const line = 1999 - k;
      return { range: { start: { line, character: 4 }, end: { line, character: 6 } }, text: 'target-' };
    });
    const told = document.applyAll(events);
    assert.equal(told.length, 1);
    assert.equal(document.getText(), text.replace(/- id/g, '- target-'));
    // From the first match to the last: the last line is `  - id1999\r\n`, its match ending 6 characters before the end.
    assert.deepEqual(told[0], { start: 4, oldEnd: text.length - 6, newEnd: document.getText().length - 6 });
  });
});
