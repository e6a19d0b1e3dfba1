import { strict as assert } from 'node:assert';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { commonEndsOf, composeChanges, fitsLengths, type TextChange } from '../../../src/core/yaml/textChange';

const editArb = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), remove: fc.nat(5), insert: fc.constantFrom('', 'a', 'xy', '\n', 'abc') });

/** Applies random edits to `text`; the new text and each edit as a change. */
function edited(text: string, edits: readonly { at: number; remove: number; insert: string }[]): { text: string; changes: TextChange[] } {
  const changes: TextChange[] = [];
  for (const e of edits) {
    const at = Math.floor(e.at * text.length);
    const removed = Math.min(e.remove, text.length - at);
    text = text.slice(0, at) + e.insert + text.slice(at + removed);
    changes.push({ start: at, oldEnd: at + removed, newEnd: at + e.insert.length });
  }
  return { text, changes };
}

describe('text changes', () => {
  test('edits composed into one change cover every difference between the first and the last text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', '\n'), maxLength: 40 }), fc.array(editArb, { minLength: 1, maxLength: 8 }), (before, edits) => {
        const { text: after, changes } = edited(before, edits);
        const change = changes.reduce<TextChange | undefined>(composeChanges, undefined)!;
        assert.ok(fitsLengths(change, before.length, after.length));
        assert.equal(after.slice(0, change.start), before.slice(0, change.start), 'the text before the change');
        assert.equal(after.slice(change.newEnd), before.slice(change.oldEnd), 'the text after the change');
      }),
    );
  });

  test('the common ends of two slices read off a change are common to both', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', '-'), minLength: 1, maxLength: 40 }),
        fc.array(editArb, { minLength: 1, maxLength: 4 }),
        fc.nat(40),
        fc.nat(40),
        (before, edits, from, to) => {
          const { text: after, changes } = edited(before, edits);
          const change = changes.reduce<TextChange | undefined>(composeChanges, undefined)!;
          // A slice of each text at the same place, as a document before or after the edit is.
          const aStart = Math.min(from, before.length);
          const aEnd = Math.min(Math.max(aStart, to), before.length);
          const shift = aStart >= change.oldEnd ? change.newEnd - change.oldEnd : 0;
          const bStart = Math.min(aStart + shift, after.length);
          const bEnd = Math.min(Math.max(bStart, aEnd + (aEnd >= change.oldEnd ? change.newEnd - change.oldEnd : 0)), after.length);
          const a = before.slice(aStart, aEnd);
          const b = after.slice(bStart, bEnd);
          const { prefix, suffix } = commonEndsOf(a, aStart, b, bStart, change);
          assert.equal(a.slice(0, prefix), b.slice(0, prefix), 'a common start');
          assert.equal(a.slice(a.length - suffix), b.slice(b.length - suffix), 'a common end');
          assert.ok(prefix + suffix <= Math.min(a.length, b.length), 'not overlapping');
        },
      ),
    );
  });

  test('a change whose lengths do not add up is not taken', () => {
    assert.equal(fitsLengths({ start: 2, oldEnd: 3, newEnd: 5 }, 10, 12), true);
    assert.equal(fitsLengths({ start: 2, oldEnd: 3, newEnd: 5 }, 10, 11), false);
    assert.equal(fitsLengths({ start: 4, oldEnd: 3, newEnd: 5 }, 10, 12), false);
  });
});
