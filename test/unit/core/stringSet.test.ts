// StringSet (src/core/yaml/stringSet.ts) against a Set given the same adds and deletes. Its small
// first table, the growth and the deletes that shift strings back over a wrapped run are where an
// open-addressing table goes wrong: many strings in few slots reach all of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { StringSet } from '../../../src/core/yaml/stringSet';

function assertSame(set: StringSet, reference: ReadonlySet<string>, universe: readonly string[], label: string): void {
  assert.equal(set.size, reference.size, `${label}: size`);
  for (const value of universe) assert.equal(set.has(value), reference.has(value), `${label}: has ${JSON.stringify(value)}`);
}

test('StringSet holds what a Set holds after any adds, deletes and reserves', () => {
  // Deletes mostly of held strings, so that the table stays small and full (up to half its slots:
  // runs of taken slots, some wrapping past its end) and strings are shifted back often.
  const value = fc.oneof(
    fc.string({ maxLength: 4 }),
    fc.nat().map((n) => `id-${n}`),
  );
  const op = fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('add' as const), value }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('delete held' as const), at: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), value }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('reserve' as const), size: fc.nat(40) }) },
  );
  fc.assert(
    fc.property(fc.array(op, { minLength: 40, maxLength: 120 }), (ops) => {
      const set = new StringSet();
      const reference = new Set<string>();
      const universe = new Set<string>(['', 'never-added']);
      for (const [k, o] of ops.entries()) {
        const label = `op ${k + 1} (${o.kind})`;
        if (o.kind === 'reserve') {
          set.reserve(o.size);
        } else if (o.kind === 'add') {
          universe.add(o.value);
          assert.equal(set.add(o.value), !reference.has(o.value), label);
          reference.add(o.value);
        } else {
          const value = o.kind === 'delete' ? o.value : ([...reference][o.at % Math.max(reference.size, 1)] ?? '');
          universe.add(value);
          assert.equal(set.delete(value), reference.has(value), label);
          reference.delete(value);
        }
        assertSame(set, reference, [...universe], label);
      }
    }),
    { numRuns: 1000, seed: 17 },
  );
});

test('StringSet finds every string left after deleting most of a large set, in any order', () => {
  const values = Array.from({ length: 5000 }, (_, i) => `id-${(i * 7919) % 5000}`);
  const set = new StringSet();
  set.reserve(values.length);
  for (const value of values) assert.equal(set.add(value), true);
  const reference = new Set(values);
  for (const [i, value] of values.entries()) {
    if (i % 5 === 0) continue;
    assert.equal(set.delete(value), true);
    reference.delete(value);
  }
  assertSame(set, reference, values, 'after the deletes');
  for (const value of values) set.add(value);
  assertSame(set, new Set(values), values, 'after adding them again');
});
