// The duplicate-id quick fix on a long `ids` list: the same action as on the full parse (the same
// items removed, the same title), found from the list's counts rather than by a walk of the list,
// which clients would pay for on every move of the cursor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeActions } from '../../../src/core/assist';
import { validateFile } from '../../../src/core/validation';
import { parseFile } from '../../../src/core/yaml';
import { MIN_FAST_IDS } from '../../../src/core/yaml/fastIds';
import { fastIdsStats } from '../../../src/core/yaml/idsText';
import { sandboxTargetIds } from '../../../src/sandbox/prng';
import { at } from '../../fixtures/at';

const IDS = sandboxTargetIds(MIN_FAST_IDS + 200, 31);
const SITE = 'site:\n  name: Shop\n';
const list = (ids: readonly string[]): string => ids.map((id) => `  - ${id}\n`).join('');

const cases: [string, string][] = [
  ['one id repeated at the end', `ids:\n${list(IDS)}  - ${at(IDS, 7)}\n${SITE}`],
  ['ids repeated twice and thrice, far apart', `ids:\n${list(IDS)}${list([at(IDS, 3), at(IDS, 90), at(IDS, 3)])}${SITE}`],
  ['a tagged item (outside the spans) repeated by a plain one', `ids:\n${list(IDS)}  - !!str k9Tagged00\n  - k9Tagged00\n${SITE}`],
  ['a plain id repeated by a tagged item and an anchored one', `ids:\n${list(IDS)}  - !!str ${at(IDS, 11)}\n  - &again ${at(IDS, 11)}\n${SITE}`],
  [
    'a repeated id and repeated items that are no ids: numbers, blank and empty strings, empty items',
    `ids:\n${list(IDS)}  - 12\n  - "  "\n  - 12\n  - ${at(IDS, 40)}\n  - "  "\n  - ""\n  - ""\n  -\n  -\n${SITE}`,
  ],
  ['a repeat in a flow list', `ids: [${[...IDS, at(IDS, 5)].join(', ')}]\n${SITE}`],
  ['a repeat in JSON', `{\n  "ids": [\n${[...IDS, at(IDS, 5)].map((id) => `    "${id}"`).join(',\n')}\n  ],\n  "site": {"name": "Shop"}\n}\n`],
];

for (const [label, text] of cases) {
  test(`duplicate-id fix on a long list, ${label}: as on the full parse, with only the items removed made`, () => {
    const fast = parseFile(text);
    const full = parseFile(text, undefined, undefined, { fastPaths: false });
    assert.ok(fast.documents.get(0)?.longIdsList !== undefined, 'the fast path read the list');
    const warnings = validateFile(fast).filter((d) => d.code === 'duplicate-id');
    assert.ok(warnings.length > 0, 'the list has repeated ids');
    const made = fastIdsStats.nodesMade;
    const [action, ...more] = codeActions(fast, [at(warnings, 0)]);
    assert.equal(more.length, 0);
    assert.ok(action !== undefined);
    const removed = action.edits.length;
    assert.ok(fastIdsStats.nodesMade - made <= 3 * warnings.length + 10, `${fastIdsStats.nodesMade - made} items made for ${removed} edits`);
    const [expected] = codeActions(full, [at(warnings, 0)]);
    assert.equal(action.title, expected?.title);
    assert.deepEqual(action.edits, expected?.edits);
  });
}
