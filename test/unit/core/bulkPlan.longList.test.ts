// The plan of a bulk update of a whole long `ids` list: the same selection as on the full parse,
// read from the values the fast path keeps (no item made), and a plan that carries each id once:
// the plan goes from the language server to the editor as JSON.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { idsForDocument, idsForSelections, planRun } from '../../../src/core/bulk';
import { validateFile } from '../../../src/core/validation';
import { parseFile } from '../../../src/core/yaml';
import { MIN_FAST_IDS, fastIdsStats } from '../../../src/core/yaml/fastIds';
import { sandboxTargetIds } from '../../../src/sandbox/prng';
import { at } from '../../fixtures/at';

const IDS = sandboxTargetIds(MIN_FAST_IDS + 200, 43);
const SITE = 'site:\n  name: Shop\n';
const list = (ids: readonly string[]): string => ids.map((id) => `  - ${id}\n`).join('');

const files: Array<[string, string]> = [
  ['plain ids', `ids:\n${list(IDS)}${SITE}`],
  ['a repeated id', `ids:\n${list(IDS)}  - ${at(IDS, 7)}\n${SITE}`],
  ['items the parse reads: tagged, anchored, quoted', `ids:\n${list(IDS)}  - !!str tagged01\n  - &a ${at(IDS, 3)}\n  - "quoted01"\n${SITE}`],
  ['a number among the ids (refused)', `ids:\n${list(IDS)}  - 12345\n${SITE}`],
  ['an empty string among the ids (refused)', `ids:\n${list(IDS)}  - ""\n${SITE}`],
  ['an alias among the ids (refused)', `ids:\n  - &a first01\n${list(IDS)}  - *a\n${SITE}`],
  ['a flow list', `ids: [${IDS.join(', ')}]\n${SITE}`],
  ['JSON', `{"ids": [${IDS.map((id) => `"${id}"`).join(', ')}], "site": {"name": "Shop"}}\n`],
  ['the list in the second document', `ids: [a1]\n${SITE}---\nids:\n${list(IDS)}${SITE}`],
];

test('the ids of a whole long list are selected as on the full parse, from the values the fast path keeps', () => {
  for (const [label, text] of files) {
    const fast = parseFile(text);
    const full = parseFile(text, undefined, undefined, { fastPaths: false });
    const index = fast.documents.length - 1;
    assert.ok(fast.documents.get(index)?.longIdsList !== undefined, `${label}: the fast path read the list`);
    const made = fastIdsStats.nodesMade;
    const selected = idsForDocument(fast, index);
    const byCursor = idsForSelections(fast, [{ start: text.length - 2, end: text.length - 2 }]);
    if (selected.ok && !/repeated|parse reads/.test(label)) assert.equal(fastIdsStats.nodesMade, made, `${label}: no item made`);
    // (Comparing reads every field, the items too: made when asked for.)
    assert.deepStrictEqual(selected, idsForDocument(full, index), `${label}: --document`);
    assert.deepStrictEqual(byCursor, idsForSelections(full, [{ start: text.length - 2, end: text.length - 2 }]), `${label}: a cursor`);
  }
});

test('the plan carries each id once, and not the items of the selection or a preview', () => {
  const text = `ids:\n${list(IDS)}  - ${at(IDS, 7)}\n${SITE}`;
  const file = parseFile(text);
  const planned = planRun(file, { documentIndex: 0 }, () => 'unset', validateFile(file));
  assert.ok(planned.ok, 'a plan');
  const json = JSON.stringify(planned);
  for (const id of [at(IDS, 0), at(IDS, 7), at(IDS, -1)]) assert.equal(json.split(`"${id}"`).length - 1, 1, `${id} once`);
  assert.deepEqual(planned.plan.selection, { documentIndex: 0, rule: 'document', count: IDS.length + 1, duplicateCount: 1 });
  assert.equal(planned.plan.prepared.ids.length, IDS.length);
});
