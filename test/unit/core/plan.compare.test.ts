// compareFile: what a plan sends of a file, given how it stood at the base revision.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareFile, snapshotOf, type DocumentSnapshot } from '../../../src/core/plan/compare';

function doc(ids: readonly string[], settings: Record<string, unknown> = { site: { name: 'Shop', url: 'https://shop.example' } }): DocumentSnapshot {
  return snapshotOf({ ids, ...settings });
}

const OTHER = { site: { name: 'Other', url: 'https://other.example' } };

function sends(documents: readonly DocumentSnapshot[], base: Parameters<typeof compareFile>[1]): Array<[string, readonly string[]]> {
  return compareFile(documents, base).units.map((u) => [u.change, u.send]);
}

test('snapshotOf: ids once each, strings only; settings compare equal whatever the key order', () => {
  const a = snapshotOf({ ids: ['x', 'y', 'x', 5, null], site: { url: 'u', name: 'n' }, report_type: 'owasp' });
  const b = snapshotOf({ report_type: 'owasp', site: { name: 'n', url: 'u' }, ids: [] });
  assert.deepEqual(a.ids, ['x', 'y']);
  assert.equal(a.settings, b.settings);
  assert.notEqual(snapshotOf({ ids: [], site: { name: 'n' } }).settings, snapshotOf({ ids: [], site: { name: 'N' } }).settings);
  assert.deepEqual(snapshotOf(undefined), { ids: [], settings: 'undefined' });
});

test('no base, a new file, a file not comparable: every id of every document', () => {
  const documents = [doc(['a', 'b']), doc(['c'], OTHER)];
  assert.deepEqual(sends(documents, { kind: 'none' }), [
    ['everything', ['a', 'b']],
    ['everything', ['c']],
  ]);
  assert.deepEqual(sends(documents, { kind: 'absent' }), [
    ['new file', ['a', 'b']],
    ['new file', ['c']],
  ]);
  assert.deepEqual(sends(documents, { kind: 'unsure' }), [
    ['unsure', ['a', 'b']],
    ['unsure', ['c']],
  ]);
});

test('as many documents as at the base: each compared with the one at its place', () => {
  const base = { kind: 'present' as const, documents: [doc(['a', 'b', 'c']), doc(['d'], OTHER), doc(['e'])] };
  const result = compareFile([doc(['a', 'b', 'x']), doc(['d'], { ...OTHER, report_type: 'pci' }), doc(['e'])], base);
  assert.deepEqual(
    result.units.map((u) => [u.change, u.send, u.added, u.removed]),
    [
      ['ids added', ['x'], ['x'], ['c']],
      ['settings changed', ['d'], [], []],
      ['unchanged', [], [], []],
    ],
  );
  assert.deepEqual(result.removedDocuments, []);
});

test('documents appended or removed at the end: the others compared, the new sent whole, the removed listed', () => {
  const base = { kind: 'present' as const, documents: [doc(['a']), doc(['b'], OTHER), doc(['c', 'd'])] };
  const shorter = compareFile([doc(['a']), doc(['b'], OTHER)], base);
  assert.deepEqual(
    shorter.units.map((u) => u.change),
    ['unchanged', 'unchanged'],
  );
  assert.deepEqual(shorter.removedDocuments, [{ documentIndex: 2, ids: ['c', 'd'] }]);
  assert.deepEqual(sends([doc(['a']), doc(['b'], OTHER), doc(['c', 'd']), doc(['n'], OTHER)], base), [
    ['unchanged', []],
    ['unchanged', []],
    ['unchanged', []],
    ['new document', ['n']],
  ]);
});

test('another number of documents and one that differs: from it on, every document is sent whole and nothing is called removed', () => {
  const base = { kind: 'present' as const, documents: [doc(['a']), doc(['b'], OTHER)] };
  // A document inserted first.
  const inserted = compareFile([doc(['n'], { report_type: 'pci' }), doc(['a']), doc(['b'], OTHER)], base);
  assert.deepEqual(
    inserted.units.map((u) => [u.change, u.send]),
    [
      ['unsure', ['n']],
      ['unsure', ['a']],
      ['unsure', ['b']],
    ],
  );
  // The first removed: the second now stands first.
  const removedFirst = compareFile([doc(['b'], OTHER)], base);
  assert.deepEqual(
    removedFirst.units.map((u) => [u.change, u.send]),
    [['unsure', ['b']]],
  );
  assert.deepEqual(removedFirst.removedDocuments, []);
});
