// markerLines (src/core/yaml/documents.ts) searches for `---`, `...` and `%` rather than reading
// the text line by line: checked against a line-by-line reading, on whole texts and on ranges (an
// edit's), as one string and in chunks, with every kind of line break and a byte order mark.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { markerLines } from '../../../src/core/yaml/documents';
import { ChunkedText } from '../../../src/core/yaml';

/** The line starts of `text` in `[from, to]`, and the marker each starts with, read line by line. */
function reference(text: string, from: number, to: number): { starts: number[]; stops: number[] } {
  const starts: number[] = [];
  const stops: number[] = [];
  const last = Math.min(to, text.length - 1);
  for (let line = 0; line <= last;) {
    if (line >= from) {
      const i = line === 0 && text.startsWith('\uFEFF') ? 1 : 0;
      const rest = text.slice(line + i);
      const marker = /^(---|\.\.\.)(?:[ \t\r\n]|$)/.exec(rest)?.[1];
      if (marker === '---') starts.push(line);
      else if (marker === '...' || rest.startsWith('%')) stops.push(line);
    }
    const lf = text.indexOf('\n', line);
    const cr = text.indexOf('\r', line);
    if (lf === -1 && cr === -1) break;
    line = cr !== -1 && (lf === -1 || cr < lf) ? (text[cr + 1] === '\n' ? cr + 2 : cr + 1) : lf + 1;
  }
  return { starts, stops };
}

test('markerLines finds the lines a line-by-line reading finds, in the whole text and in any range', () => {
  const piece = fc.constantFrom('---', '...', '%', '-', '.', ' ', '\t', '\n', '\r', '\r\n', 'a: b', '# c', '\uFEFF');
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 40 }), fc.nat(), fc.nat(), fc.boolean(), (pieces, a, b, bom) => {
      const text = (bom ? '\uFEFF' : '') + pieces.join('');
      const from = text.length === 0 ? 0 : a % (text.length + 1);
      const to = from + (b % (text.length - from + 1));
      assert.deepEqual(markerLines(text), reference(text, 0, text.length), 'the whole text');
      assert.deepEqual(markerLines(text, from, to), reference(text, from, to), `[${from}, ${to}]`);
      assert.deepEqual(markerLines(ChunkedText.from(text, 3), from, to), reference(text, from, to), `[${from}, ${to}] in chunks`);
    }),
    { numRuns: 1000, seed: 5 },
  );
});
