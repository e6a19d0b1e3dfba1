import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ChunkedText, lineIndexOf } from '../../../src/core/yaml/chunkedText';
import type { LineIndex } from '../../../src/core/yaml/lineIndex';

const unit = fc.constantFrom('a', 'b', 'ab', '\n', '\r', '--- ', ' ', 'é', '\uFEFF', 'x');

/** Texts of a few characters up to several chunks (8,192 characters each when cut whole). */
const textArb = fc.oneof(
  fc.string({ unit, maxLength: 40 }),
  fc.string({ unit, maxLength: 40000 }),
  fc.tuple(fc.nat(40000), fc.string({ unit, maxLength: 20 })).map(([n, tail]) => 'x'.repeat(n) + tail),
);

/** An edit at a place given as a fraction of the text's length, so that it fits whatever the text. */
const editArb = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  remove: fc.oneof(fc.nat(5), fc.nat(20000)),
  insert: fc.oneof(
    fc.constantFrom('', 'a', '\n', 'xy\r\nz', '--- \n- a\n- b\n'),
    fc.string({ unit, maxLength: 300 }),
    fc.nat(3).map((k) => 'ab\n'.repeat(6000 + k)),
  ),
});

/** Positions as String's methods take them: in range, at the ends, outside, fractions, NaN, undefined. */
function positionArb(length: number): fc.Arbitrary<number | undefined> {
  return fc.oneof(
    fc.integer({ min: 0, max: length }),
    fc.integer({ min: -length - 2, max: length + 2 }),
    fc.constantFrom(undefined, NaN, -1, 0, 1.5, -0.5, length, length + 1, Infinity, -Infinity),
    fc.double({ min: -length - 2, max: length + 2, noNaN: true }),
  );
}

/** Reads of `text` by every method, each compared with the same read of `plain`. */
function assertReadsAs(text: ChunkedText, plain: string, seed: number): void {
  assert.equal(text.length, plain.length, 'length');
  assert.equal(text.toString(), plain, 'toString');
  const lengths = text.chunkLengths();
  assert.ok(
    lengths.every((l) => l > 0 && l <= 16384),
    `chunk lengths ${lengths.join(', ')}`,
  );
  assert.equal(
    lengths.reduce((a, b) => a + b, 0),
    plain.length,
  );
  fc.assert(
    fc.property(positionArb(plain.length), positionArb(plain.length), fc.nat(30), (a, b, needleLength) => {
      assert.equal(text.charCodeAt(a!), plain.charCodeAt(a!), `charCodeAt(${a})`);
      assert.equal(text.slice(a, b), plain.slice(a, b), `slice(${a}, ${b})`);
      assert.equal(text.slice(a), plain.slice(a), `slice(${a})`);
      // A needle from the text itself, so that some run across a chunk boundary; one not in it too.
      const at = Math.min(Math.max(Math.trunc(a ?? 0) || 0, 0), plain.length);
      for (const needle of [plain.slice(at, at + needleLength), plain.slice(at, at + needleLength) + '\u0000', '']) {
        assert.equal(text.indexOf(needle, b), plain.indexOf(needle, b), `indexOf(${JSON.stringify(needle)}, ${b})`);
        assert.equal(text.indexOf(needle), plain.indexOf(needle), `indexOf(${JSON.stringify(needle)})`);
        assert.equal(text.startsWith(needle, b), plain.startsWith(needle, b), `startsWith(${JSON.stringify(needle)}, ${b})`);
        assert.equal(text.startsWith(needle, a), plain.startsWith(needle, a), `startsWith(${JSON.stringify(needle)}, ${a})`);
      }
      const from = Math.min(at, plain.length);
      const to = Math.min(from + (Math.trunc(Math.abs(b ?? 0)) || 0), plain.length);
      const sub = text.sub(from, to);
      assert.equal(sub.toString(), plain.slice(from, to), `sub(${from}, ${to})`);
      assert.equal(sub.length, to - from);
      assert.equal(sub.charCodeAt(0), plain.slice(from, to).charCodeAt(0), `sub(${from}, ${to}).charCodeAt(0)`);
    }),
    { seed, numRuns: 20 },
  );
  // Every chunk boundary, where a read switches chunks: a needle across it, read from just before.
  let start = 0;
  for (const l of lengths) {
    start += l;
    if (start >= plain.length) break;
    const needle = plain.slice(start - 3, start + 3);
    assert.equal(text.indexOf(needle, start - 5), plain.indexOf(needle, start - 5), `indexOf across the boundary at ${start}`);
    assert.equal(text.startsWith(needle, start - 3), true);
    // Needles that start at each place before the boundary they run across, the farthest too.
    for (let before = 1; before <= Math.min(4, start); before++) {
      const across = plain.slice(start - before, start - before + 5);
      assert.equal(text.indexOf(across, start - before), start - before, `indexOf(${JSON.stringify(across)}, ${start - before})`);
    }
    assert.equal(text.slice(start - 1, start + 1), plain.slice(start - 1, start + 1));
    assert.equal(text.charCodeAt(start), plain.charCodeAt(start));
  }
}

/** The line index against the lines of `plain`: every line's start and the line of every offset. */
function assertLinesOf(index: LineIndex, plain: string, what: string): void {
  const starts = [0];
  for (let i = 0; i < plain.length; i++) {
    const c = plain[i];
    if (c === '\n' || (c === '\r' && plain[i + 1] !== '\n')) starts.push(i + 1);
  }
  // (The text is named once: written into the message of each of a long text's hundreds of
  // thousands of checks, it made one case of this test run for hours.)
  const of = `of ${plain.length > 200 ? `a text of ${plain.length} characters` : JSON.stringify(plain)}`;
  assert.equal(index.lineCount, starts.length, `${what}: line count ${of}`);
  for (let line = 0; line < starts.length; line++) assert.equal(index.lineStart(line), starts[line], `${what}: start of line ${line} ${of}`);
  let line = 0;
  for (let offset = 0; offset <= plain.length; offset++) {
    while (line + 1 < starts.length && starts[line + 1]! <= offset) line++;
    assert.equal(index.lineOf(offset), line, `${what}: line of offset ${offset} ${of}`);
    const next = starts[line + 1] ?? Infinity;
    assert.deepEqual(index.lineAt(offset), { line, character: offset - starts[line]!, start: starts[line], next }, `${what}: lineAt(${offset}) ${of}`);
  }
}

describe('ChunkedText', () => {
  test('reads as the string it holds, through random edits; an edited text is left as it was', () => {
    fc.assert(
      fc.property(textArb, fc.array(editArb, { maxLength: 6 }), fc.integer(), (initial, edits, seed) => {
        let plain = initial;
        let text = ChunkedText.from(initial);
        assertReadsAs(text, plain, seed);
        for (const e of edits) {
          const start = Math.floor(e.at * plain.length);
          const end = Math.min(start + e.remove, plain.length);
          const next = plain.slice(0, start) + e.insert + plain.slice(end);
          const edited = text.edit(start, end, e.insert);
          assertReadsAs(edited, next, seed);
          assert.equal(text.toString(), plain, 'the version before the edit is unchanged');
          assert.equal(text.length, plain.length);
          assert.equal(text.slice(start, end), plain.slice(start, end));
          plain = next;
          text = edited;
        }
      }),
      { numRuns: 60 },
    );
  });

  test('its line index reads the lines of the string, a `\r\n` cut between chunks included, through random edits', () => {
    const eol = fc.constantFrom('a', ' b', '\n', '\r', '\r\n', '\r\r\n', '\n\r');
    fc.assert(
      fc.property(
        fc.string({ unit: eol, maxLength: 80 }),
        fc.integer({ min: 1, max: 9 }),
        fc.array(editArb, { maxLength: 5 }),
        (initial, chunkLength, edits) => {
          let plain = initial;
          // Short chunks, so that line breaks, `\r\n` among them, fall on their boundaries.
          let text = ChunkedText.from(initial, chunkLength);
          assertLinesOf(text.lines, plain, 'from');
          assertLinesOf(lineIndexOf(plain), plain, 'the string');
          for (const e of edits) {
            const start = Math.floor(e.at * plain.length);
            const end = Math.min(start + e.remove, plain.length);
            const insert = e.insert.length > 300 ? e.insert.slice(0, 300) : e.insert;
            const next = plain.slice(0, start) + insert + plain.slice(end);
            const edited = text.edit(start, end, insert);
            assertLinesOf(edited.lines, next, `after an edit at ${start}`);
            assertLinesOf(text.lines, plain, 'the version before the edit');
            plain = next;
            text = edited;
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('the line index of an edited version reads only the chunks the edit rebuilt', () => {
    const text = ChunkedText.from('  - target-0001\r\n'.repeat(100_000));
    assert.equal(text.lines.lineCount, 100_001);
    const edited = text.edit(900_000, 900_001, 'x\n');
    // Each chunk read for its line breaks is searched once for a lone `\r` first.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, and called with its `this`
    const search = String.prototype.search;
    const searched: string[] = [];
    String.prototype.search = function (this: string, pattern: RegExp): number {
      if (this.length > 1000) searched.push(this);
      return search.call(this, pattern);
    };
    try {
      assert.equal(edited.lines.lineCount, 100_002);
    } finally {
      String.prototype.search = search;
    }
    assert.equal(searched.length, 1, `${searched.length} chunks searched for line breaks`);
  });

  test('an edit of a text read from a sub', () => {
    const plain = 'abc\n'.repeat(10000);
    const sub = ChunkedText.from(plain).sub(5, 30005);
    const edited = sub.edit(29000, 29010, 'XYZ');
    assert.equal(edited.toString(), plain.slice(5, 29005) + 'XYZ' + plain.slice(29015, 30005));
    assert.equal(sub.toString(), plain.slice(5, 30005));
  });

  test('reads every character in order as the string', () => {
    const plain = Array.from({ length: 100_000 }, (_, i) => String.fromCharCode(0x20 + ((i * 7919) % 0x5f))).join('');
    const text = ChunkedText.from(plain);
    assert.ok(text.chunkLengths().length > 1);
    for (let i = 0; i < plain.length; i++) {
      if (text.charCodeAt(i) !== plain.charCodeAt(i)) assert.fail(`charCodeAt(${i})`);
    }
    assert.ok(Number.isNaN(text.charCodeAt(plain.length)));
    // And backwards, which misses the chunk read last at each boundary.
    for (let i = plain.length - 1; i >= 0; i--) {
      if (text.charCodeAt(i) !== plain.charCodeAt(i)) assert.fail(`charCodeAt(${i}) backwards`);
    }
  });

  test('many small edits leave chunks neither too long nor too many', () => {
    let plain = 'key: value\n'.repeat(18182).slice(0, 200_000);
    let text = ChunkedText.from(plain);
    const random = fc.sample(fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean()), { numRuns: 2000, seed: 42 });
    for (const [at, insert] of random) {
      const start = Math.min(Math.floor(at * plain.length), plain.length - 1);
      const end = insert ? start : start + 1;
      const char = insert ? 'z' : '';
      text = text.edit(start, end, char);
      plain = plain.slice(0, start) + char + plain.slice(end);
    }
    assert.equal(text.toString(), plain);
    const lengths = text.chunkLengths();
    assert.ok(
      lengths.every((l) => l > 0 && l <= 16384),
      `chunk lengths ${lengths.join(', ')}`,
    );
    assert.ok(lengths.length < (3 * plain.length) / 8192 + 4, `${lengths.length} chunks for ${plain.length} characters`);
  });

  test('a long insert is cut into chunks of at most 16,384 characters', () => {
    const text = ChunkedText.from('a'.repeat(20000)).edit(10000, 10000, 'b'.repeat(1_000_000));
    assert.equal(text.toString(), 'a'.repeat(10000) + 'b'.repeat(1_000_000) + 'a'.repeat(10000));
    const lengths = text.chunkLengths();
    assert.ok(lengths.length >= 1_020_000 / 16384, `${lengths.length} chunks`);
    assert.ok(
      lengths.every((l) => l > 0 && l <= 16384),
      `chunk lengths ${lengths.join(', ')}`,
    );
  });

  test('what an edit leaves of a chunk, when short, joins a neighbour', () => {
    let plain = 'a'.repeat(100_000);
    let text = ChunkedText.from(plain);
    assert.ok(text.chunkLengths().length > 10);
    // Removes all but 5 characters at each end of each chunk but the first, last chunk first.
    for (let k = text.chunkLengths().length - 1; k >= 1; k--) {
      const lengths = text.chunkLengths();
      const start = lengths.slice(0, k).reduce((a, b) => a + b, 0);
      text = text.edit(start + 5, start + lengths[k]! - 5, '');
      plain = plain.slice(0, start + 5) + plain.slice(start + lengths[k]! - 5);
    }
    assert.equal(text.toString(), plain);
    assert.deepEqual(text.chunkLengths(), [plain.length]);
  });

  test('an empty text, and edits from and to one', () => {
    const empty = ChunkedText.from('');
    assert.equal(empty.length, 0);
    assert.equal(empty.toString(), '');
    assert.deepEqual(empty.chunkLengths(), []);
    assert.ok(Number.isNaN(empty.charCodeAt(0)));
    assert.equal(empty.indexOf(''), 0);
    assert.equal(empty.indexOf('a'), -1);
    assert.equal(empty.startsWith(''), true);
    const one = empty.edit(0, 0, 'abc');
    assert.equal(one.toString(), 'abc');
    assert.deepEqual(one.edit(0, 3, '').chunkLengths(), []);
    assert.deepEqual(ChunkedText.from('x'.repeat(20000)).edit(0, 20000, '').chunkLengths(), []);
  });

  test('editAll makes many edits in one pass: the text, its lines and its chunks as those edits made one at a time', () => {
    const editsArb = fc.array(editArb, { maxLength: 40 });
    fc.assert(
      fc.property(textArb, editsArb, fc.integer(), (initial, generated, seed) => {
        const text = ChunkedText.from(initial);
        // Apart and in order, as editAll takes them: each placed after the end of the one before.
        const edits: { start: number; end: number; text: string }[] = [];
        let at = 0;
        for (const e of generated) {
          const start = Math.min(at + Math.floor(e.at * (initial.length - at) * 0.2), initial.length);
          const end = Math.min(start + e.remove, initial.length);
          edits.push({ start, end, text: e.insert });
          at = end;
        }
        let plain = initial;
        for (const e of [...edits].reverse()) plain = plain.slice(0, e.start) + e.text + plain.slice(e.end);
        const edited = text.editAll(edits);
        assertReadsAs(edited, plain, seed);
        assertLinesOf(edited.lines, plain, 'editAll');
        assert.equal(text.toString(), initial, 'the version before the edits is unchanged');
      }),
      { numRuns: 60 },
    );
  });

  test('editAll throws a RangeError for an edit out of range or out of order', () => {
    const text = ChunkedText.from('hello world');
    assert.throws(() => text.editAll([{ start: 3, end: 12, text: '' }]), RangeError);
    assert.throws(
      () =>
        text.editAll([
          { start: 4, end: 6, text: 'x' },
          { start: 5, end: 7, text: 'y' },
        ]),
      RangeError,
    );
    assert.equal(
      text
        .editAll([
          { start: 0, end: 0, text: '>' },
          { start: 0, end: 5, text: 'HELLO' },
          { start: 11, end: 11, text: '!' },
        ])
        .toString(),
      '>HELLO world!',
    );
    assert.deepEqual(text.editAll([{ start: 0, end: 11, text: '' }]).chunkLengths(), []);
  });

  test('edit and sub throw a RangeError for a range not in the text', () => {
    const text = ChunkedText.from('hello world');
    for (const [start, end] of [
      [-1, 2],
      [3, 2],
      [0, 12],
      [12, 12],
      [1.5, 2],
      [NaN, 2],
    ] as const) {
      assert.throws(() => text.edit(start, end, 'x'), RangeError, `edit(${start}, ${end})`);
      assert.throws(() => text.sub(start, end), RangeError, `sub(${start}, ${end})`);
    }
    assert.equal(text.edit(11, 11, '!').toString(), 'hello world!');
    assert.equal(text.sub(11, 11).toString(), '');
  });
});
