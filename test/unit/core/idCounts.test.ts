// IdCounts (src/core/yaml/idsText.ts) against a plain count of the same ids: a list read whole,
// then items removed and added as edits do. The duplicate-id rule checks its candidates against
// the list, so a wrong count would only slow it down, never change a diagnostic: this test is
// what catches one. The totals it keeps for sets of ids (a bulk update's rejected ids) are
// checked the same way: they give the number of invalid ids the editor's note counts, and the
// number in the title of "remove all invalid ids".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { IdCounts, type RepeatedItem } from '../../../src/core/yaml/idsText';

/** The count of each id, as IdCounts should have it. */
function reference(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

function assertSame(counts: IdCounts, values: readonly string[], label: string): void {
  const expected = reference(values);
  for (const value of [...expected.keys(), 'never-held']) assert.equal(counts.count(value), expected.get(value) ?? 0, `${label}: count of ${value}`);
  const repeated = [...expected].filter(([, n]) => n > 1).map(([value]) => value);
  assert.deepEqual([...counts.repeated()].sort(), repeated.sort(), `${label}: the repeated ids`);
}

test('IdCounts counts each id and names the repeated ones, for a list read whole and then edited', () => {
  // Few distinct ids, so that repeats are common.
  const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
  const edit = fc.record({ at: fc.nat(), remove: fc.nat(3), add: fc.array(id, { maxLength: 3 }) });
  fc.assert(
    fc.property(fc.array(id, { maxLength: 12 }), fc.array(edit, { maxLength: 8 }), (initial, edits) => {
      const values = [...initial];
      const counts = new IdCounts();
      counts.add(values);
      assertSame(counts, values, 'read whole');
      for (const [k, e] of edits.entries()) {
        const at = values.length === 0 ? 0 : e.at % values.length;
        const removed = values.splice(at, e.remove, ...e.add);
        counts.remove(removed);
        counts.add(e.add);
        assertSame(counts, values, `edit ${k + 1}`);
      }
    }),
    { numRuns: 300, seed: 11 },
  );
});

test('IdCounts keeps how many items hold one of a set, and how many of the set are held, right as items come and go, for every set it is asked about', () => {
  const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
  const set = fc.uniqueArray(id, { maxLength: 4 }).map((ids) => new Set(ids));
  const edit = fc.record({ at: fc.nat(), remove: fc.nat(3), add: fc.array(id, { maxLength: 3 }), ask: fc.nat(7) });
  const holding = (values: readonly string[], wanted: ReadonlySet<string>): { items: number; ids: number } => {
    const held = values.filter((value) => wanted.has(value));
    return { items: held.length, ids: new Set(held).size };
  };
  fc.assert(
    // More sets than IdCounts follows: the ones it dropped are counted again when asked about.
    fc.property(fc.array(id, { maxLength: 12 }), fc.array(set, { minLength: 1, maxLength: 7 }), fc.array(edit, { maxLength: 10 }), (initial, sets, edits) => {
      const values = [...initial];
      const counts = new IdCounts();
      counts.add(values);
      for (const wanted of sets) assert.deepEqual(counts.holding(wanted), holding(values, wanted), 'read whole');
      for (const [k, e] of edits.entries()) {
        const at = values.length === 0 ? 0 : e.at % values.length;
        const removed = values.splice(at, e.remove, ...e.add);
        counts.remove(removed);
        counts.add(e.add);
        const wanted = sets[e.ask % sets.length]!;
        assert.deepEqual(counts.holding(wanted), holding(values, wanted), `edit ${k + 1}: holding ${[...wanted].join(', ')}`);
      }
    }),
    { numRuns: 300, seed: 11 },
  );
});

/** The items that repeat an earlier one, in list order, as repeatedItems (repeatedIds.ts) gives them. */
function repeatedItemsOf(values: readonly string[], only?: ReadonlySet<string>): RepeatedItem[] {
  const first = new Map<string, number>();
  const items: RepeatedItem[] = [];
  values.forEach((id, index) => {
    const seen = first.get(id);
    if (seen === undefined) first.set(id, index);
    else if (only === undefined || only.has(id)) items.push({ index, id, first: seen });
  });
  return items;
}

test('IdCounts keeps the repeated items it remembers right through edits, but for the ids it names stale, and forgets them past a few', () => {
  // Ids held once, which edits change into one another and into repeated ones, and a few held more often.
  const id = fc.oneof(
    fc.constantFrom('a', 'b', 'c'),
    fc.nat(40).map((n) => `u${n}`),
  );
  const edit = fc.record({ at: fc.nat(), remove: fc.nat(3), add: fc.array(id, { maxLength: 3 }), read: fc.boolean(), batch: fc.boolean() });
  let kept = 0;
  fc.assert(
    fc.property(fc.array(id, { maxLength: 30 }), fc.array(edit, { maxLength: 10 }), (initial, edits) => {
      const values = [...initial];
      const counts = new IdCounts();
      counts.add(values);
      counts.rememberRepeats(counts.state, repeatedItemsOf(values));
      for (const [k, e] of edits.entries()) {
        const at = values.length === 0 ? 0 : e.at % (values.length + 1);
        // A batch: more ids than an edit may change and have the items kept.
        const add = e.batch ? Array.from({ length: 70 }, (_, n) => `v${n}`) : e.add;
        const removed = values.splice(at, e.remove, ...add);
        counts.replace(at, removed, add);
        const remembered = counts.rememberedRepeats(counts.state);
        if (e.batch) assert.equal(remembered, undefined, `edit ${k + 1}: a batch forgets them`);
        if (remembered === undefined) {
          counts.rememberRepeats(counts.state, repeatedItemsOf(values));
          continue;
        }
        kept++;
        // What repeatedItems makes of it: the items of the other ids as kept, those of the stale ids looked for.
        const patched = [...remembered.items.filter((item) => !remembered.stale.has(item.id)), ...repeatedItemsOf(values, remembered.stale)];
        assert.deepEqual(
          patched.sort((a, b) => a.index - b.index),
          repeatedItemsOf(values),
          `edit ${k + 1}: ${JSON.stringify(removed)} -> ${JSON.stringify(add)} at ${at}`,
        );
        if (e.read) counts.rememberRepeats(counts.state, repeatedItemsOf(values));
      }
      // An earlier state is never answered for.
      assert.equal(counts.rememberedRepeats(counts.state - 1), undefined);
    }),
    { numRuns: 500, seed: 12 },
  );
  assert.ok(kept > 500, `the items were kept through ${kept} edits`);
});
