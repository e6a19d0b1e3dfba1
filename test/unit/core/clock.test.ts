import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SleepAborted, sleep, systemClock } from '../../../src/core/clock';
import { ManualClock } from '../../fixtures/manualClock';

describe('sleep', () => {
  test('resolves once its clock has moved by the delay, not before', async () => {
    const clock = new ManualClock();
    let done = false;
    const waiting = sleep(1_000, undefined, clock).then(() => (done = true));
    assert.deepEqual(clock.pending(), [1_000]);
    clock.advance(999);
    await Promise.resolve();
    assert.equal(done, false);
    clock.advance(1);
    await waiting;
    assert.equal(done, true);
    assert.deepEqual(clock.pending(), []);
  });

  test('rejects at once on an already-aborted signal, setting no timer', async () => {
    const clock = new ManualClock();
    await assert.rejects(sleep(10_000, AbortSignal.abort('x'), clock), SleepAborted);
    assert.deepEqual(clock.set, []);
  });

  test('rejects as soon as the signal fires, with its reason, and cancels its timer', async () => {
    const clock = new ManualClock();
    const controller = new AbortController();
    const waiting = sleep(10_000, controller.signal, clock);
    controller.abort('stop');
    const err = await waiting.then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(err instanceof SleepAborted);
    assert.equal(err.reason, 'stop');
    assert.deepEqual(clock.pending(), []);
  });

  test('the system clock fires its timers, and a cancelled one never', async () => {
    let cancelledFired = false;
    const cancel = systemClock.setTimer(0, () => (cancelledFired = true));
    cancel();
    await new Promise<void>((resolve) => systemClock.setTimer(0, resolve));
    await new Promise<void>((resolve) => setImmediate(resolve));
    assert.equal(cancelledFired, false);
    assert.ok(Math.abs(systemClock.now() - Date.now()) < 1_000);
  });
});

describe('ManualClock', () => {
  test('fires due timers earliest first and leaves later ones', () => {
    const clock = new ManualClock();
    const fired: number[] = [];
    clock.setTimer(300, () => fired.push(300));
    clock.setTimer(100, () => fired.push(100));
    clock.setTimer(200, () => fired.push(200));
    clock.advance(250);
    assert.deepEqual(fired, [100, 200]);
    assert.deepEqual(clock.pending(), [300]);
  });

  test('timerSet waits for a timer of that length', async () => {
    const clock = new ManualClock();
    const seen = clock.timerSet(500);
    clock.setTimer(100, () => undefined);
    setImmediate(() => clock.setTimer(500, () => undefined));
    await seen;
    assert.deepEqual(clock.pending(), [100, 500]);
  });
});
