import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { backoffDelay, parseRetryAfter } from '../../../src/api/retry';

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  test('delay-seconds', () => {
    assert.equal(parseRetryAfter('1', now), 1000);
    assert.equal(parseRetryAfter(' 120 ', now), 120_000);
    assert.equal(parseRetryAfter('0', now), 0);
    assert.equal(parseRetryAfter(['3', '9'], now), 3000);
  });
  test('HTTP-date, in the future and in the past', () => {
    assert.equal(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now), 30_000);
    assert.equal(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now), 0);
  });
  test('absent or garbage', () => {
    assert.equal(parseRetryAfter(undefined, now), undefined);
    assert.equal(parseRetryAfter('', now), undefined);
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter('-5', now), undefined);
  });
});

describe('backoffDelay', () => {
  test('grows exponentially, is capped, and keeps at least half the nominal delay', () => {
    const low = { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0 };
    const high = { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.999999 };
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, low)),
      [50, 100, 200, 400, 500, 500],
    );
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, high)),
      [100, 200, 400, 800, 1000, 1000],
    );
  });
  test('jitter spreads the delays', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 20; i++) seen.add(backoffDelay(3, { baseDelayMs: 100, maxDelayMs: 10_000 }));
    assert.ok(seen.size > 1);
  });
});
