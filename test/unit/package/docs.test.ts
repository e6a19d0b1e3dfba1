// The docs stay in step with the code: the version agrees across package.json and CHANGELOG,
// every diagnostic code the product emits has its page in docs/codes/ (diagnostics link to it) and
// a row in docs/diagnostic-codes.md, every setting and command of the manifest is named in the
// README, and every link between the documents leads to a file that exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DIAGNOSTIC_CODES } from '../../../src/core/validation';
import { NOT_ENTITLED_CODE } from '../../../src/core/entitlements/diagnostics';
import { INVALID_ID_CODE, SERVICE_VALIDATION_CODE } from '../../../src/core/bulk';
import { FIXABLE_CODES } from '../../../src/core/assist';

const root = path.resolve(__dirname, '../../../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const codesIndex = fs.readFileSync(path.join(root, 'docs', 'diagnostic-codes.md'), 'utf8');
const changelog = fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
interface Manifest {
  version: string;
  contributes: {
    configuration: { properties: Record<string, unknown> };
    menus: { commandPalette: { command: string; when?: string }[] };
    commands: { command: string; title: string }[];
  };
}
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;

test('the CHANGELOG has an entry for the version in package.json', () => {
  assert.match(changelog, new RegExp(`^## \\[${manifest.version.replace(/\./g, '\\.')}\\]`, 'm'));
});

const CODES = [...Object.keys(DIAGNOSTIC_CODES), NOT_ENTITLED_CODE, INVALID_ID_CODE, SERVICE_VALIDATION_CODE];

test('every diagnostic code is listed in docs/diagnostic-codes.md under its anchor, linking its page', () => {
  const missing = CODES.filter((code) => !codesIndex.includes(`<a id="code-${code}"></a>[\`${code}\`](codes/${code}.md)`));
  assert.deepEqual(missing, []);
});

test('every diagnostic code has a page, with its default severity and how to fix it; no page is for an unknown code', () => {
  const pages = fs.readdirSync(path.join(root, 'docs', 'codes')).map((f) => f.replace(/\.md$/, ''));
  assert.deepEqual([...pages].sort(), [...CODES].sort());
  for (const code of CODES) {
    const page = fs.readFileSync(path.join(root, 'docs', 'codes', `${code}.md`), 'utf8');
    assert.ok(page.startsWith(`# \`${code}\`\n`), code);
    assert.match(page, /^Default severity: \*\*(error|warning|information|hint)\*\*/m, code);
    assert.match(page, /^## How to fix it$/m, code);
    assert.match(page, /^## Its severity\n\n`scanTargets\.validation\.severity` changes it/m, code);
  }
});

// The codes the server offers quick fixes for, as core declares them.
const WITH_QUICK_FIX = FIXABLE_CODES;

test('every page says which quick fix the code has, and says so only for the codes that have one', () => {
  for (const code of CODES) {
    const page = fs.readFileSync(path.join(root, 'docs', 'codes', `${code}.md`), 'utf8');
    const quickFix = /^## Quick fix\n\n(.*)$/m.exec(page)?.[1];
    assert.ok(quickFix !== undefined, `${code} has a Quick fix section`);
    if (WITH_QUICK_FIX.has(code)) assert.match(quickFix, /Ctrl\+\. \(Cmd\+\. on macOS\): \*\*[^*]+\*\*/, code);
    else assert.match(quickFix, /^None[.:]/, code);
  }
  for (const [code, { defaultSeverity: severity }] of Object.entries(DIAGNOSTIC_CODES)) {
    assert.match(fs.readFileSync(path.join(root, 'docs', 'codes', `${code}.md`), 'utf8'), new RegExp(`^Default severity: \\*\\*${severity}\\*\\*`, 'm'), code);
  }
});

test('every setting and every palette command is named in the README', () => {
  const settings = Object.keys(manifest.contributes.configuration.properties);
  const hidden = new Set(manifest.contributes.menus.commandPalette.filter((m) => m.when === 'false').map((m) => m.command));
  const commands = manifest.contributes.commands.filter((c) => !hidden.has(c.command)).map((c) => `Scan Targets: ${c.title}`);
  const missing = [...settings.filter((s) => !readme.includes(s.replace(/^scanTargets\./, ''))), ...commands.filter((c) => !readme.includes(c))];
  assert.deepEqual(missing, []);
});

test('every setting has a description, and every setting with a fixed set of values says what each means', () => {
  const properties = manifest.contributes.configuration.properties as Record<
    string,
    { description?: string; markdownDescription?: string; enum?: unknown[]; enumDescriptions?: string[]; markdownEnumDescriptions?: string[] }
  >;
  for (const [name, setting] of Object.entries(properties)) {
    assert.ok((setting.markdownDescription ?? setting.description ?? '').length > 20, `${name} has a description`);
    if (setting.enum) assert.equal((setting.markdownEnumDescriptions ?? setting.enumDescriptions)?.length, setting.enum.length, `${name} describes each value`);
  }
});

test('every relative link of the README and the other documents leads to a file that exists', () => {
  const documents = [
    'README.md',
    'CONTRIBUTING.md',
    'ARCHITECTURE.md',
    'CHANGELOG.md',
    ...fs
      .readdirSync(path.join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`),
  ];
  const broken: string[] = [];
  for (const document of documents) {
    const text = fs.readFileSync(path.join(root, document), 'utf8');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const file = target!.split('#')[0]!;
      if (file === '' || /^[a-z]+:/i.test(file)) continue;
      if (!fs.existsSync(path.resolve(root, path.dirname(document), file))) broken.push(`${document}: ${target}`);
    }
  }
  assert.deepEqual(broken, []);
});
