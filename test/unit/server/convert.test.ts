// The conversion of the core's diagnostics to LSP's, kept per diagnostic: a diagnostic kept from
// one version to the next is converted once, and what the server sends is the conversion.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CoreDiagnostic } from '../../../src/core/diagnostic';
import { convertingOnce, fromDiagnostic, toDiagnostic } from '../../../src/server/convert';

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

test('a client that keeps no `data` is sent none, and a diagnostic it returns is found again among those it was sent', () => {
  const noPage = (): undefined => undefined;
  const sent = [diagnostic('ids[3] repeats ids[1]'), { ...diagnostic('ids[5] repeats ids[1]'), path: '/ids/5', data: { firstIndex: 1 } }];
  const returned = sent.map((d) => toDiagnostic(d, noPage, false));
  assert.ok(returned.every((d) => d.data === undefined));
  // What a code-action request gets of a diagnostic with everything it was sent with.
  const whole = ({ code, range, message, document, path, data }: CoreDiagnostic) => ({ code, range, message, document, path, data });
  // Found by code, message and range: its document, path and data as sent.
  assert.deepEqual(fromDiagnostic(returned[1]!, sent), whole(sent[1]!));
  // One the client holds from before an edit (its range moved since), or none sent: only what it carries.
  const moved = { ...returned[1]!, range: { start: { line: 6, character: 4 }, end: { line: 6, character: 16 } } };
  assert.deepEqual(fromDiagnostic(moved, sent), { code: 'duplicate-id', range: moved.range, message: 'ids[5] repeats ids[1]' });
  assert.deepEqual(fromDiagnostic(returned[0]!), { code: 'duplicate-id', range: sent[0]!.range, message: 'ids[3] repeats ids[1]' });
  // A client that keeps `data` gets it back as it sent it, whatever was sent last.
  assert.deepEqual(fromDiagnostic(toDiagnostic(sent[0]!, noPage), []), whole(sent[0]!));
});
