// removeSequenceItemsEdits: the shared "remove these items of a list" edit (duplicate ids here,
// invalid ids in the bulk update). Every case applies the edits and checks the exact text, and that
// the result still parses to the expected list.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseFile } from '../../../src/core/yaml/parse';
import { removeSequenceItemsEdits } from '../../../src/core/assist/edits';
import { applyEdits } from '../../fixtures/applyEdits';
import type { YamlPath } from '../../../src/core/paths';
import { MIN_FAST_IDS } from '../../../src/core/yaml/fastIds';
import { fastIdsStats } from '../../../src/core/yaml/idsText';
import { sandboxTargetIds } from '../../../src/sandbox/prng';

function removed(text: string, indexes: number[], path: YamlPath = ['ids'], documentIndex = 0): string {
  const file = parseFile(text);
  const edits = removeSequenceItemsEdits(file, documentIndex, path, indexes);
  return applyEdits(text, edits);
}

function idsOf(text: string, documentIndex = 0): unknown {
  const file = parseFile(text);
  const doc = file.documents.get(documentIndex);
  assert.ok(doc, `document ${documentIndex}`);
  assert.deepEqual(doc.errors, [], `parses without errors:\n${text}`);
  return (doc.value as { ids?: unknown }).ids;
}

describe('removeSequenceItemsEdits: block sequences', () => {
  test('removes one item line', () => {
    const out = removed('ids:\n  - a\n  - b\n  - c\nsite: {}\n', [1]);
    assert.equal(out, 'ids:\n  - a\n  - c\nsite: {}\n');
  });

  test('removes several items, adjacent and apart, in one pass', () => {
    const out = removed('ids:\n  - a\n  - b\n  - c\n  - d\n  - e\n', [0, 1, 3]);
    assert.equal(out, 'ids:\n  - c\n  - e\n');
    assert.deepEqual(idsOf(out), ['c', 'e']);
  });

  test('keeps comment lines between items and removes a comment on the item line', () => {
    const src = 'ids:\n  - a # shop A\n  # the old one:\n  - b # shop B\n  - c\n';
    assert.equal(removed(src, [0]), 'ids:\n  # the old one:\n  - b # shop B\n  - c\n');
    assert.equal(removed(src, [1]), 'ids:\n  - a # shop A\n  # the old one:\n  - c\n');
  });

  test('a sequence at the same indentation as its key', () => {
    assert.equal(removed('ids:\n- a\n- b\nsite: {}\n', [0]), 'ids:\n- b\nsite: {}\n');
  });

  test('multi-line items: a mapping item and a block scalar item', () => {
    const src = 'site:\n  headers:\n    - name: A\n      value: "1"\n    - name: B\n      value: "2"\n  url: https://x.example\n';
    assert.equal(removed(src, [0], ['site', 'headers']), 'site:\n  headers:\n    - name: B\n      value: "2"\n  url: https://x.example\n');
    const block = 'ids:\n  - |\n    text\n    more\n  - e\n';
    assert.equal(removed(block, [0]), 'ids:\n  - e\n');
  });

  test('a dash alone on its line, with the value below', () => {
    assert.equal(removed('ids:\n  -\n    a\n  - b\n', [0]), 'ids:\n  - b\n');
    assert.equal(removed('ids:\n  - # note\n    a\n  - b\n', [0]), 'ids:\n  - b\n');
  });

  test('an item with a tag or an anchor, on its line or above its value', () => {
    assert.equal(removed('ids:\n  - a\n  - !!str b\n  - c\n', [1]), 'ids:\n  - a\n  - c\n');
    assert.equal(removed('ids:\n  - &first a\n  - b\n', [0]), 'ids:\n  - b\n');
    assert.equal(removed('ids:\n  - !!str &x # note\n    a\n  - b\n', [0]), 'ids:\n  - b\n');
  });

  test('CRLF line breaks', () => {
    const out = removed('ids:\r\n  - a\r\n  - b\r\n  - a\r\nsite: {}\r\n', [2]);
    assert.equal(out, 'ids:\r\n  - a\r\n  - b\r\nsite: {}\r\n');
  });

  test('the last item of a file without a final line break adds no line break', () => {
    assert.equal(removed('ids:\n  - a\n  - b', [1]), 'ids:\n  - a');
    assert.equal(removed('ids:\r\n  - a\r\n  - b\r\n  - c', [1, 2]), 'ids:\r\n  - a');
    assert.deepEqual(idsOf(removed('ids:\n  - a\n  - b', [1])), ['a']);
  });

  test('removing every item leaves an empty list', () => {
    const out = removed('ids: # targets\n  - a\n  - b\nsite: {}\n', [0, 1]);
    assert.equal(out, 'ids: [] # targets\nsite: {}\n');
    assert.deepEqual(idsOf(out), []);
    assert.equal(removed('- a\n- b\n', [0, 1], []), '[]\n');
  });

  test('only the named document of a multi-document file', () => {
    const src = 'ids:\n  - a\n  - a\n---\nids:\n  - a\n  - a\n';
    assert.equal(removed(src, [1], ['ids'], 1), 'ids:\n  - a\n  - a\n---\nids:\n  - a\n');
  });

  test('ignores indexes out of range and repeats; nothing for a non-sequence', () => {
    assert.equal(removed('ids:\n  - a\n  - b\n', [1, 1, 7, -1]), 'ids:\n  - a\n');
    assert.deepEqual(removeSequenceItemsEdits(parseFile('ids: a\n'), 0, ['ids'], [0]), []);
    assert.deepEqual(removeSequenceItemsEdits(parseFile('ids: [a]\n'), 3, ['ids'], [0]), []);
    assert.deepEqual(removeSequenceItemsEdits(parseFile('ids: [a]\n'), 0, ['ids'], []), []);
  });

  test('declines a compact nested sequence it cannot rewrite line by line', () => {
    assert.deepEqual(removeSequenceItemsEdits(parseFile('- - a\n  - b\n'), 0, [0], [0]), []);
    assert.equal(removed('- - a\n  - b\n', [1], [0]), '- - a\n');
  });
});

describe('removeSequenceItemsEdits: flow sequences', () => {
  test('middle, last and first items', () => {
    assert.equal(removed('ids: [a, b, a]\n', [2]), 'ids: [a, b]\n');
    assert.equal(removed('ids: [a, b, a]\n', [1]), 'ids: [a, a]\n');
    assert.equal(removed('ids: [a, b, a]\n', [0]), 'ids: [b, a]\n');
    assert.equal(removed('ids: [a, b, c, d]\n', [1, 2]), 'ids: [a, d]\n');
    assert.equal(removed('ids: [a, b, c, d]\n', [0, 3]), 'ids: [b, c]\n');
  });

  test('every item, and a flow sequence over several lines', () => {
    assert.equal(removed('ids: [a, b]\n', [0, 1]), 'ids: []\n');
    const out = removed('ids: [\n  a,\n  b,\n  a\n]\n', [2]);
    assert.deepEqual(idsOf(out), ['a', 'b']);
  });
});

describe('removeSequenceItemsEdits: a long list', () => {
  // Long enough for the fast path, whose items are made one at a time when asked for.
  const ids = sandboxTargetIds(MIN_FAST_IDS + 50, 21);
  const n = ids.length;
  const shapes: [string, string][] = [
    ['block', `ids:\n${ids.map((id, i) => `${i > 0 && i % 40 === 0 ? '  # batch\n' : ''}  - ${id}\n`).join('')}site: {}\n`],
    ['flow', `ids: [${ids.join(', ')}]\nsite: {}\n`],
    ['flow, one per line', `ids: [\n${ids.map((id) => `  ${id}`).join(',\n')}\n]\nsite: {}\n`],
  ];
  const removals: [string, number[]][] = [
    ['one in the middle', [n >> 1]],
    ['a run and one apart', [5, 6, 7, 40, 41, 300]],
    ['the first and the last', [0, n - 1]],
    ['every item', ids.map((_, i) => i)],
  ];
  for (const [shape, text] of shapes) {
    for (const [what, indexes] of removals) {
      test(`${shape}: ${what}, as on the full parse, making only the items removed and their neighbours`, () => {
        const fast = parseFile(text);
        assert.ok(fast.documents.get(0)?.longIdsList !== undefined, 'the fast path read the list');
        const made = fastIdsStats.nodesMade;
        const edits = removeSequenceItemsEdits(fast, 0, ['ids'], indexes);
        assert.ok(fastIdsStats.nodesMade - made <= indexes.length + 2, `${fastIdsStats.nodesMade - made} items made`);
        assert.deepEqual(edits, removeSequenceItemsEdits(parseFile(text, undefined, undefined, { fastPaths: false }), 0, ['ids'], indexes));
        assert.ok(edits.length > 0);
      });
    }
  }
});
