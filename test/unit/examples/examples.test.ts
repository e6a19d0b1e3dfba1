// The examples a new user opens first (`npm start`) must work against the sandbox with no other
// step: valid, their `${env:NAME}` references given values by `npm start`, and their ids known to
// the sandbox's demo account, except the one the getting-started example marks as unknown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { EXAMPLE_TARGETS } from '../../../src/sandbox/account';
import { ROOT, assertBuilt, runCli } from '../cli/helpers';

const EXAMPLES = path.join(ROOT, 'examples');
const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.target-settings.yaml'));
const exampleEnv = JSON.parse(readFileSync(path.join(ROOT, 'scripts', 'example-env.json'), 'utf8')) as Record<string, string>;
const UNKNOWN_MARK = '# not a target of this account';

test('the getting-started example is there, with exactly one id marked unknown', () => {
  assert.ok(files.includes('getting-started.target-settings.yaml'), files.join(', '));
  const text = readFileSync(path.join(EXAMPLES, 'getting-started.target-settings.yaml'), 'utf8');
  assert.equal(text.split(UNKNOWN_MARK).length - 1, 1);
  assert.doesNotMatch(text, /\$\{env:/, 'it needs no environment variable');
});

test('every id of the examples is a target of the sandbox demo account, except the one marked unknown', () => {
  const known = new Set(EXAMPLE_TARGETS.map((t) => t.id));
  for (const file of files) {
    for (const line of readFileSync(path.join(EXAMPLES, file), 'utf8').split('\n')) {
      const id = /^\s+- ([A-Za-z0-9]{12})\b/.exec(line)?.[1];
      if (id === undefined) continue;
      assert.equal(known.has(id), !line.includes(UNKNOWN_MARK), `${file}: ${line.trim()}`);
    }
  }
});

test('every example is valid, with no warning, once the variables npm start sets are set', async () => {
  assertBuilt();
  const uncommented = (file: string): string => readFileSync(path.join(EXAMPLES, file), 'utf8').replace(/^\s*#.*$/gm, '');
  const references = files.flatMap((f) => [...uncommented(f).matchAll(/\$\{env:([A-Z0-9_]+)\}/g)].map((m) => m[1]));
  for (const name of references) assert.ok(name !== undefined && name in exampleEnv, `${name} is in scripts/example-env.json`);
  const result = await runCli(['validate', '--format', 'json', ...files.map((f) => path.join(EXAMPLES, f))], { env: exampleEnv });
  assert.equal(result.code, 0, result.stderr);
  const report = JSON.parse(result.stdout) as { summary: { files: number; errors: number; warnings: number } };
  assert.deepEqual(report.summary, { files: files.length, errors: 0, warnings: 0 });
});
