// The conversion of the core's diagnostics to LSP's, kept per diagnostic: a diagnostic kept from
// one version to the next is converted once, and what the server sends is the conversion.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CoreDiagnostic } from '../../../src/core/diagnostic';
import { convertingOnce, toDiagnostic } from '../../../src/server/convert';

const diagnostic = (message: string): CoreDiagnostic => ({
  severity: 'warning',
  code: 'duplicate-id',
  message,
  document: 0,
  path: '/ids/3',
  range: { start: { line: 4, character: 4 }, end: { line: 4, character: 16 } },
  data: { firstIndex: 1 },
});

test('a diagnostic kept from one version to the next is converted once; another, even the same in every field, again', () => {
  let calls = 0;
  const toLsp = convertingOnce((core) => {
    calls++;
    return toDiagnostic(core, (code) => `file:///docs/codes/${code}.md`);
  });
  const kept = diagnostic('ids[3] repeats ids[1]');
  const first = toLsp(kept);
  assert.deepEqual(
    first,
    toDiagnostic(kept, (code) => `file:///docs/codes/${code}.md`),
  );
  assert.equal(toLsp(kept), first);
  assert.equal(calls, 1);
  const equal = diagnostic('ids[3] repeats ids[1]');
  assert.notEqual(toLsp(equal), first);
  assert.deepEqual(toLsp(equal), first);
  assert.equal(calls, 2);
});
