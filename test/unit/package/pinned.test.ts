// Dependencies the product relies on beyond their documented API are pinned to the exact version
// whose behaviour the tests check: Ajv (the validator generator reads its table of referenced
// values and replaces schema copies with imports; it throws if that stops working) and yaml (the
// `ids` fast path builds the nodes yaml's composer would, checked node for node by the
// differential tests). An upgrade is a deliberate change of the pin, with the tests run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

for (const name of ['ajv', 'yaml']) {
  test(`${name} is pinned to the exact version installed`, () => {
    const installed = (JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    assert.equal(manifest.dependencies[name], installed, `package.json pins ${name} to the version the tests ran against`);
  });
}
