// When the user pauses, the server drops what nobody reads and gives the memory back
// (src/server/idlePause.ts), with the Node host's compacting collection (nodeHost.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COLLECT_FROM, IdlePause, QUIET_MS } from '../../../src/server/idlePause';
import { nodeHost } from '../../../src/server/nodeHost';
import { ManualClock } from '../../fixtures/manualClock';

/** The next turn of the event loop, where a timer of no delay fires. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

test('once the server has parsed nothing for a while, it drops what nobody reads, and collects once enough was dropped', async () => {
  const clock = new ManualClock();
  const drops: number[] = [COLLECT_FROM - 10, 5, 5, 0];
  let dropCalls = 0;
  let collections = 0;
  const pause = new IdlePause(
    () => drops[dropCalls++] ?? 0,
    () => collections++,
    clock,
  );
  /** A parse, and the work it is part of done. */
  const parse = async (): Promise<void> => {
    pause.parsed();
    await nextTurn();
  };
  pause.parsed();
  clock.advance(10 * QUIET_MS); // the work the parse is part of takes long: the pause has not begun
  await nextTurn();
  clock.advance(QUIET_MS - 1);
  await parse(); // typing goes on: the pause starts again
  clock.advance(QUIET_MS - 1);
  assert.equal(dropCalls, 0, 'not while parses keep coming');
  clock.advance(1);
  assert.deepEqual([dropCalls, collections], [1, 0], 'dropped once quiet; too little to collect');
  await parse();
  clock.advance(QUIET_MS);
  assert.deepEqual([dropCalls, collections], [2, 0], 'still short of it');
  await parse();
  clock.advance(QUIET_MS);
  assert.deepEqual([dropCalls, collections], [3, 1], 'what the pauses dropped adds up');
  await parse();
  clock.advance(10 * QUIET_MS);
  assert.deepEqual([dropCalls, collections], [4, 1], 'one drop a pause; nothing dropped since: no collection');
  assert.deepEqual(clock.pending(), []);
});

test('after the checks of a large read, the server drops and collects as soon as the work under way is done, parses or not', async () => {
  const clock = new ManualClock();
  let dropCalls = 0;
  let collections = 0;
  // (Only the first drop finds anything.)
  const pause = new IdlePause(
    () => (dropCalls++ === 0 ? 2 * COLLECT_FROM : 0),
    () => collections++,
    clock,
  );
  pause.parsed();
  pause.checked(COLLECT_FROM - 1);
  await nextTurn();
  assert.deepEqual([dropCalls, collections], [0, 0], 'a keystroke read little: the pause waits for quiet');
  pause.checked(COLLECT_FROM);
  pause.parsed(); // (a request that came with the open: it does not put the drop off)
  await nextTurn();
  assert.deepEqual([dropCalls, collections], [1, 1], 'dropped and collected at once');
  await nextTurn();
  clock.advance(QUIET_MS);
  assert.deepEqual([dropCalls, collections], [2, 2], 'and collected again once quiet, whatever it dropped');
  assert.deepEqual(clock.pending(), []);
  pause.parsed();
  await nextTurn();
  clock.advance(QUIET_MS);
  assert.deepEqual([dropCalls, collections], [3, 2], 'then once quiet again, as before: nothing dropped, no collection');
});

test('a large read that drops nothing, keystroke after keystroke (a long document), is not collected after', async () => {
  const clock = new ManualClock();
  let dropCalls = 0;
  let collections = 0;
  const pause = new IdlePause(
    () => (dropCalls++, 0),
    () => collections++,
    clock,
  );
  for (let keystroke = 1; keystroke <= 3; keystroke++) {
    pause.parsed();
    pause.checked(2 * COLLECT_FROM);
    await nextTurn();
    assert.deepEqual([dropCalls, collections], [keystroke, 0], `keystroke ${keystroke}: dropped, nothing to collect`);
  }
  await nextTurn();
  clock.advance(QUIET_MS);
  assert.deepEqual([dropCalls, collections], [4, 0], 'nor once quiet');
});

test('without a collection where the host has none, the pause still drops', async () => {
  const clock = new ManualClock();
  let dropCalls = 0;
  const pause = new IdlePause(() => (dropCalls++, 2 * COLLECT_FROM), undefined, clock);
  pause.parsed();
  await nextTurn();
  clock.advance(QUIET_MS);
  assert.equal(dropCalls, 1);
});

test("the Node host's collection gives back what nothing holds any more", () => {
  const collect = nodeHost.collectGarbage;
  assert.ok(collect !== undefined);
  collect();
  const before = process.memoryUsage().heapUsed;
  // Objects that live long enough to reach the old generation, then are dropped.
  let held: object[][] = [];
  for (let i = 0; i < 200; i++) held.push(Array.from({ length: 5_000 }, (_, k) => ({ k })));
  const grown = process.memoryUsage().heapUsed;
  assert.ok(grown - before > 40e6, `allocated ${((grown - before) / 1e6).toFixed(0)} MB`);
  held = [];
  collect();
  const after = process.memoryUsage().heapUsed;
  assert.ok(grown - after > 40e6, `given back ${((grown - after) / 1e6).toFixed(0)} MB of ${((grown - before) / 1e6).toFixed(0)}`);
  assert.equal(held.length, 0);
});
