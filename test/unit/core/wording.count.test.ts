import { test } from 'node:test';
import assert from 'node:assert/strict';
import { count, plural } from '../../../src/core/wording';

test('count writes every number as en-US Intl.NumberFormat does (whole numbers without it)', () => {
  const intl = new Intl.NumberFormat('en-US');
  const numbers = [0, 1, 7, 12, 999, 1000, 1001, 12345, 100000, 999999, 1000000, 1234567890, Number.MAX_SAFE_INTEGER];
  for (const n of [...numbers, ...numbers.map((n) => -n).filter((n) => n !== 0), 1.5, 1234.5678, -0.25, 1e21, Infinity, NaN]) {
    assert.equal(count(n), intl.format(n), String(n));
  }
});

test('plural groups its count as count does: the summary of a large file reads "100,000 errors"', () => {
  assert.equal(plural(1, 'error'), '1 error');
  assert.equal(plural(0, 'error'), '0 errors');
  assert.equal(plural(100000, 'error'), '100,000 errors');
  assert.equal(plural(2500, 'entry', 'entries'), '2,500 entries');
});
