// The product validates with the code generated at build time (scripts/generate-validators.mjs):
// the generated modules exist, and validating a file or an API answer never loads Ajv's compiler.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

// Compiled to out/test/unit/core/: out/ is three levels up, the repository four.
const out = path.resolve(__dirname, '../../..');
const root = path.resolve(out, '..');

test('the generated validator modules exist, as Ajv standalone code', () => {
  for (const name of ['targetSettings', 'entitlements', 'bulkUpdateResponse', 'genericFixture']) {
    const file = path.join(root, 'src/core/schema/generated', `${name}.ts`);
    assert.ok(fs.existsSync(file), `${file} is missing: run node scripts/generate-validators.mjs`);
    const text = fs.readFileSync(file, 'utf8');
    assert.match(text, /^\/\/ @ts-nocheck\n/);
    assert.match(text, new RegExp(`^export const ${name}: ValidateFunction = validate\\d+;$`, 'm'));
  }
});

test("validating a file and an API answer does not load Ajv's compiler", () => {
  // A fresh process: this one has Ajv's compiler loaded already (the schema tests compile).
  const script = `
    const compiler = () => Object.keys(require.cache).filter((k) => /[\\\\/]node_modules[\\\\/]ajv[\\\\/]dist[\\\\/](ajv\\.js|core\\.js|compile[\\\\/])/.test(k));
    const { validateText } = require(${JSON.stringify(path.join(out, 'src/core/validation/index.js'))});
    const { checkEntitlements, checkBulkUpdateResponse } = require(${JSON.stringify(path.join(out, 'src/api/responseCheck.js'))});
    const before = compiler();
    const diagnostics = validateText('ids: [3Sy7TyNMnQ8x]\\nsite:\\n  name: Shop\\nreport_type: wrong\\n');
    const entitlements = checkEntitlements({ max_users: 'many' });
    const bulk = checkBulkUpdateResponse({ ids: ['3Sy7TyNMnQ8x'] });
    const generated = Object.keys(require.cache).filter((k) => /[\\\\/]schema[\\\\/]generated[\\\\/]/.test(k)).length;
    console.log(JSON.stringify({ before, after: compiler(), codes: diagnostics.map((d) => d.code), entitlementsOk: entitlements.ok, bulkOk: bulk.ok, generated }));
  `;
  const result = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: root, encoding: 'utf8' })) as {
    before: string[];
    after: string[];
    codes: string[];
    entitlementsOk: boolean;
    bulkOk: boolean;
    generated: number;
  };
  assert.deepEqual(result.before, []);
  assert.deepEqual(result.after, []);
  // The validations really ran, through the generated modules.
  assert.deepEqual(result.codes, ['invalid-enum']);
  assert.equal(result.entitlementsOk, false);
  assert.equal(result.bulkOk, true);
  assert.ok(result.generated >= 3, `generated modules loaded: ${result.generated}`);
});
