// sameDiagnostics decides whether a client that pulls diagnostics is told "unchanged": every field
// a client shows or hands back to a quick fix must count, and nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sameDiagnostics, type CoreDiagnostic } from '../../../src/core/diagnostic';

function repeat(): CoreDiagnostic {
  return {
    severity: 'warning',
    code: 'duplicate-id',
    message: 'ids[2] repeats ids[1] (3Sy7TyNMnQ8x); each target is updated once',
    document: 0,
    path: '/ids/2',
    range: { start: { line: 3, character: 4 }, end: { line: 3, character: 16 } },
    data: { firstIndex: 1, allowed: ['a', { b: [1, null] }] },
  };
}

test('the same diagnostics, made afresh, are the same; a change to any field they carry is not', () => {
  assert.equal(sameDiagnostics([repeat(), repeat()], [repeat(), repeat()]), true);
  assert.equal(sameDiagnostics([], []), true);
  const changes: Array<(d: CoreDiagnostic) => void> = [
    (d) => (d.severity = 'error'),
    (d) => (d.code = 'empty-id'),
    (d) => (d.message += '.'),
    (d) => (d.document = 1),
    (d) => (d.path = '/ids/3'),
    (d) => (d.range.start.line = 4),
    (d) => (d.range.start.character = 5),
    (d) => (d.range.end.line = 4),
    (d) => (d.range.end.character = 17),
    (d) => (d.data = { firstIndex: 0, allowed: ['a', { b: [1, null] }] }),
    (d) => (d.data = { firstIndex: 1, allowed: ['a', { b: [1, 0] }] }),
    (d) => (d.data = { firstIndex: 1, allowed: ['a', { b: [1] }] }),
    (d) => (d.data = { firstIndex: 1, allowed: ['a', { c: [1, null] }] }),
    (d) => (d.data = { firstIndex: 1 }),
    (d) => delete d.data,
  ];
  for (const [i, change] of changes.entries()) {
    const changed = repeat();
    change(changed);
    assert.equal(sameDiagnostics([repeat(), repeat()], [repeat(), changed]), false, `change ${i + 1}`);
    assert.equal(sameDiagnostics([repeat(), changed], [repeat(), repeat()]), false, `change ${i + 1}, the other way`);
  }
  assert.equal(sameDiagnostics([repeat()], [repeat(), repeat()]), false, 'one more');
});
