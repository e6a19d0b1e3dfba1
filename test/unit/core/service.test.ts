// The language server's service: validation is kept per parsed version, so the bulk update plan
// reuses what live validation computed, and anything that changes the answer computes it again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CoreDiagnostic } from '../../../src/core/diagnostic';
import type { EntitlementsRecord } from '../../../src/core/entitlements/types';
import { LanguageService } from '../../../src/core/service';
import { envCheckOf, noEnvironment } from '../../../src/core/envPlaceholders';
import { parseFile } from '../../../src/core/yaml';
import { MIN_FAST_IDS } from '../../../src/core/yaml/fastIds';
import { sandboxTargetIds } from '../../../src/sandbox/prng';
import { parsedVersions } from '../../fixtures/versions';

const root = path.resolve(__dirname, '../../../..');
const restricted = JSON.parse(fs.readFileSync(path.join(root, 'test', 'fixtures', 'entitlements', 'restricted.json'), 'utf8')) as EntitlementsRecord;

const URI = 'file:///w/a.target-settings.yaml';
const TEXT = 'ids:\n  - VBqMaOzE93qU\nsite:\n  name: Shop\n  url: https://shop.example\nreport_type: owasp\nunknown_field: 1\n';

function validate(service: LanguageService, version: number, params: object = {}): CoreDiagnostic[] {
  return service.validateAll(service.parse(URI, version, TEXT), params);
}

test('the same version with the same parameters is validated once', () => {
  const service = new LanguageService(() => 'unset');
  const first = validate(service, 1);
  assert.ok(first.some((d) => d.code === 'unknown-property'));
  assert.equal(validate(service, 1), first);
  // A new version is a new parse: validated again, same findings.
  const next = validate(service, 2);
  assert.notEqual(next, first);
  assert.deepEqual(next, first);
});

test('other severities, or another entitlements record, are validated again', () => {
  const service = new LanguageService(() => 'unset');
  const plain = validate(service, 1);
  const demoted = validate(service, 1, { severityOverrides: { 'unknown-property': 'off' } });
  assert.ok(!demoted.some((d) => d.code === 'unknown-property'));

  service.setEntitlements(restricted);
  const entitled = validate(service, 1);
  assert.ok(
    entitled.some((d) => d.code === 'not-entitled'),
    'owasp is not an allowed report type in the restricted record',
  );
  assert.ok(!plain.some((d) => d.code === 'not-entitled'));
  const withoutChecks = validate(service, 1, { entitlementChecks: false });
  assert.ok(!withoutChecks.some((d) => d.code === 'not-entitled'));
});

test('a bulk update plan refuses on the errors validation found for that version', () => {
  const service = new LanguageService(() => 'unset');
  const broken = TEXT.replace('report_type: owasp', 'report_type: nope');
  const file = service.parse(URI, 1, broken);
  const diagnostics = service.validateAll(file);
  assert.ok(diagnostics.some((d) => d.severity === 'error'));
  const plan = service.planBulkUpdate(file, { documentIndex: 0 }, {});
  assert.equal(plan.ok, false);
  assert.equal(!plan.ok && plan.reason, 'validation');
});

test('a misspelled value gets its "did you mean" error only, not also a not-entitled warning', () => {
  const service = new LanguageService(() => 'unset');
  service.setEntitlements(restricted);
  const misspelled = service.validateAll(service.parse(URI, 1, TEXT.replace('report_type: owasp', 'report_type: owsap')));
  assert.deepEqual(
    misspelled.filter((d) => d.path === '/report_type').map((d) => d.code),
    ['invalid-enum'],
  );
  const notEntitled = service.validateAll(service.parse(URI, 2, TEXT));
  assert.deepEqual(
    notEntitled.filter((d) => d.path === '/report_type').map((d) => d.code),
    ['not-entitled'],
    'a value the schema allows still gets the warning',
  );
});

test('a placeholder whose variable is not set, or empty, is warned about on the placeholder; a set one is not', () => {
  const env: Record<string, string> = { SET: 'value', EMPTY: '' };
  const service = new LanguageService(envCheckOf((name) => env[name]));
  const text =
    'ids: [a]\nsite:\n  name: "${env:SET} ${env:EMPTY}"\n  headers:\n    - name: X\n      value: ${env:MISSING}\n  whitelist:\n    - /a/\n    - /${env:PREFIX}/\n';
  const found = service.validateAll(service.parse(URI, 1, text)).filter((d) => d.code === 'env-not-set');
  assert.deepEqual(
    found.map((d) => [d.path, d.range.start, d.range.end.character - d.range.start.character, /is (not set|empty)/.exec(d.message)?.[1]]),
    [
      ['/site/name', { line: 2, character: 20 }, 12, 'empty'],
      ['/site/headers/0/value', { line: 5, character: 13 }, 14, 'not set'],
      ['/site/whitelist/1', { line: 8, character: 7 }, 13, 'not set'],
    ],
  );
});

test('where there is no environment (a browser), every placeholder says it cannot be read there, and the hover too', () => {
  const service = new LanguageService(noEnvironment);
  const text = 'ids: [a]\nsite:\n  name: Shop\n  url: https://shop.example\n  headers:\n    - name: X\n      value: ${env:API_KEY}\n';
  const file = service.parse(URI, 1, text);
  const found = service.validateAll(file).filter((d) => d.code === 'env-not-set');
  assert.equal(found.length, 1);
  assert.match(found[0]!.message, /\$\{env:API_KEY\} cannot be resolved here: an editor in a browser has no environment variables/);
  assert.match(found[0]!.message, /VS Code on the desktop or with the scan-targets command line/);
  const hover = service.hover(file, text.indexOf('API_KEY') + 2);
  assert.match(hover?.markdown ?? '', /`API_KEY`\*\* \*\*cannot be read here\*\*/);
});

test('a long list under a misspelled key is searched for placeholders only while one of its items may hold one, and warns as the full parse does', () => {
  const ids = sandboxTargetIds(MIN_FAST_IDS + 500, 31);
  const list = (items: readonly string[]): string => items.map((id) => `  - ${id}\n`).join('');
  const versions = [
    `idx:\n${list(ids)}site:\n  name: Shop\n`,
    // An id made a placeholder, then one in a mapping item (left to the parser), then each taken away.
    `idx:\n${list(ids.slice(0, 300))}  - "\${env:ID_ONE}"\n${list(ids.slice(300))}site:\n  name: Shop\n`,
    `idx:\n${list(ids.slice(0, 300))}  - "\${env:ID_ONE}"\n${list(ids.slice(300, 400))}  - id: \${env:ID_TWO}\n${list(ids.slice(400))}site:\n  name: Shop\n`,
    `idx:\n${list(ids.slice(0, 400))}  - id: \${env:ID_TWO}\n${list(ids.slice(400))}site:\n  name: Shop\n`,
    `idx:\n${list(ids)}site:\n  name: Shop\n`,
  ];
  const service = new LanguageService(() => 'unset');
  const expected = [[], ['/idx/300'], ['/idx/300', '/idx/401/id'], ['/idx/400/id'], []];
  for (const [file, text, v] of parsedVersions(service, URI, versions)) {
    const long = file.documents.get(0)?.longListIds;
    assert.ok(long?.key === 'idx', `version ${v + 1}: the fast path read the list`);
    // (The mapping item is the parser's: the list's ids hold no `${` once the quoted one is gone.)
    assert.equal(long.known.mayHoldOpening(), v === 1 || v === 2, `version ${v + 1}: whether the ids are walked`);
    const found = service.validateAll(file).filter((d) => d.code === 'env-not-set');
    const full = new LanguageService(() => 'unset').validateAll(parseFile(text, undefined, undefined, { fastPaths: false }));
    assert.deepEqual(
      found.map((d) => d.path),
      expected[v],
      `version ${v + 1}`,
    );
    assert.deepEqual(
      found,
      full.filter((d) => d.code === 'env-not-set'),
      `version ${v + 1}: as the full parse`,
    );
  }
});
