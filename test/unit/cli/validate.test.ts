// `scan-targets validate`: formats, exit codes, files that cannot be read, --entitlements.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { FULL_PROFILE, RESTRICTED_PROFILE } from '../../../src/sandbox';
import { at } from '../../fixtures/at';
import { ANSI_ESCAPE, assertBuilt, fixture, hasScript, isRoot, runCli, runInTerminal, tempDir } from './helpers';

interface JsonReport {
  files: Array<{
    file: string;
    error?: string;
    diagnostics: Array<{
      severity: string;
      code: string;
      message: string;
      document: number;
      documentIndex: number;
      path: string;
      range: { start: { line: number; character: number }; end: { line: number; character: number } };
    }>;
  }>;
  summary: { files: number; errors: number; warnings: number };
}

const TEXT_LINE = /^(.+):(\d+):(\d+): (error|warning|information|hint) (\S+) (.+)$/;

test('setup: the CLI is built', () => assertBuilt());

test('a valid file: exit 0, a summary and nothing else', async () => {
  const r = await runCli(['validate', fixture('valid.target-settings.yaml')]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '1 file checked: no problems found.\n');
  assert.equal(r.stderr, '');
});

test('errors: exit 1, one `path:line:col: severity code message` line each (1-based), then the summary', async () => {
  const file = fixture('errors.target-settings.yaml');
  const r = await runCli(['validate', file]);
  assert.equal(r.code, 1, r.stderr);
  const lines = r.stdout.trimEnd().split('\n');
  const summary = lines.pop()!;
  assert.match(summary, /^1 file checked: [1-9]\d* errors?, \d+ warnings?\.$/);
  assert.ok(lines.length >= 2, r.stdout);
  for (const line of lines) {
    const m = TEXT_LINE.exec(line);
    assert.ok(m, `not a diagnostic line: ${line}`);
    assert.equal(m[1], file);
  }
  // `has_basic_auth: maybe` is on line 7, `report_type: weekly` on line 8; values start at col 19 / 14.
  const positions = lines.map((l) => TEXT_LINE.exec(l)!).map((m) => `${m[2]}:${m[3]}:${m[4]}`);
  assert.ok(positions.includes('7:19:error'), positions.join(' '));
  assert.ok(positions.includes('8:14:error'), positions.join(' '));
  assert.equal(r.stderr, '');
});

test('json: the documented shape, 0-based positions that match the text format', async () => {
  const file = fixture('errors.target-settings.yaml');
  const [json, text] = await Promise.all([runCli(['validate', '--format', 'json', file]), runCli(['validate', file])]);
  assert.equal(json.code, 1);
  assert.equal(json.stdout.trimEnd().split('\n').length, 1, 'one JSON object on one line');
  const report = JSON.parse(json.stdout) as JsonReport;
  assert.deepEqual(Object.keys(report), ['files', 'summary']);
  assert.deepEqual(Object.keys(report.summary), ['files', 'errors', 'warnings']);
  assert.equal(report.files.length, 1);
  assert.equal(at(report.files, 0).file, file);
  const diags = at(report.files, 0).diagnostics;
  assert.equal(report.summary.errors, diags.filter((d) => d.severity === 'error').length);
  assert.equal(report.summary.files, 1);
  for (const d of diags) {
    assert.deepEqual(Object.keys(d), ['severity', 'code', 'message', 'document', 'documentIndex', 'path', 'range']);
    assert.equal(d.document, 1, 'numbered from 1, as people read it');
    assert.equal(d.documentIndex, 0, 'and from 0 for machines');
    assert.match(d.path, /^(\/[^/]*)*$/);
  }
  const reportType = diags.find((d) => d.path === '/report_type');
  assert.ok(reportType, JSON.stringify(diags));
  assert.deepEqual(reportType.range, { start: { line: 7, character: 13 }, end: { line: 7, character: 19 } });
  // The same diagnostics, the same order, 1-based in text.
  const textLines = text.stdout.trimEnd().split('\n').slice(0, -1);
  assert.equal(textLines.length, diags.length);
  diags.forEach((d, i) => {
    assert.equal(
      textLines[i],
      `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.code} ${d.message.replace(/\n/g, '\n    ')}`,
    );
  });
});

test('json: the document (from 1, and its index from 0) and JSON pointer of each diagnostic in a multi-document file', async () => {
  const r = await runCli(['validate', '--format', 'json', fixture('multi.target-settings.yaml')]);
  assert.equal(r.code, 1);
  const report = JSON.parse(r.stdout) as JsonReport;
  const diags = at(report.files, 0).diagnostics;
  assert.ok(diags.length > 0);
  assert.ok(
    diags.every((d) => d.document === 2 && d.documentIndex === 1),
    JSON.stringify(diags),
  );
  const d = diags.find((x) => x.path === '/report_type');
  assert.ok(d);
  assert.equal(d.range.start.line, 12);
});

test('github: workflow annotations (1-based), warnings as ::warning, file names escaped', async () => {
  const tmp = tempDir();
  try {
    // A path with `,` and `:` must be escaped inside the file= property.
    const file = tmp.file('a,b:c.target-settings.yaml', readFileSync(fixture('errors.target-settings.yaml')));
    const r = await runCli(['validate', '--format', 'github', file]);
    assert.equal(r.code, 1);
    const lines = r.stdout.trimEnd().split('\n');
    const summary = lines.pop()!;
    assert.match(summary, /^1 file checked: /);
    const escaped = file.replace(/%/g, '%25').replace(/:/g, '%3A').replace(/,/g, '%2C');
    for (const line of lines) {
      assert.match(line, /^::(error|warning|notice) file=[^,]+,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[^:]+::\S/);
      assert.ok(line.includes(`file=${escaped},`), line);
      assert.ok(!/[\r]/.test(line));
    }
    assert.ok(
      lines.some((l) => l.startsWith('::error ') && l.includes(',line=8,col=14,')),
      lines.join('\n'),
    );

    const warn = await runCli(['validate', '--format', 'github', '--entitlements', restrictedFile(tmp), fixture('entitled.target-settings.yaml')]);
    assert.equal(warn.code, 0, warn.stderr);
    assert.ok(
      warn.stdout.split('\n').some((l) => /^::warning file=.*title=not-entitled::/.test(l)),
      warn.stdout,
    );
  } finally {
    tmp.remove();
  }
});

test('a missing file: exit 2, its path on stderr, and the other files are still checked', async () => {
  const valid = fixture('valid.target-settings.yaml');
  const errors = fixture('errors.target-settings.yaml');
  const r = await runCli(['validate', valid, 'no/such/file.target-settings.yaml', errors]);
  assert.equal(r.code, 2, 'an I/O error wins over errors in files');
  assert.match(r.stderr, /no\/such\/file\.target-settings\.yaml: no such file/);
  assert.match(r.stdout, /^2 files checked, 1 file could not be read: [1-9]\d* errors?, \d+ warnings?\.$/m);
  assert.ok(r.stdout.includes(`${errors}:8:14: error`), r.stdout);

  const json = await runCli(['validate', '--format', 'json', 'no/such/file.yaml', valid]);
  assert.equal(json.code, 2);
  const report = JSON.parse(json.stdout) as JsonReport;
  assert.equal(report.files.length, 2);
  assert.equal(at(report.files, 0).file, 'no/such/file.yaml');
  assert.match(at(report.files, 0).error ?? '', /no such file/);
  assert.deepEqual(at(report.files, 0).diagnostics, []);
  assert.equal(at(report.files, 1).error, undefined);
  assert.equal(report.summary.files, 2);

  const gh = await runCli(['validate', '--format', 'github', 'no/such/file.yaml']);
  assert.equal(gh.code, 2);
  assert.match(gh.stdout, /^::error file=no\/such\/file\.yaml,title=unreadable-file::no\/such\/file\.yaml: no such file/);
});

test('a file named more than once (also as ./path or through a link) is checked once, with a note', async () => {
  const tmp = tempDir();
  try {
    const file = tmp.file('a.target-settings.yaml', readFileSync(fixture('errors.target-settings.yaml')));
    symlinkSync(file, `${tmp.dir}/link.yaml`);
    const once = await runCli(['validate', '--format', 'json', file]);
    const r = await runCli(['validate', '--format', 'json', file, `${tmp.dir}/./a.target-settings.yaml`, `${tmp.dir}/link.yaml`]);
    assert.equal(r.code, 1, r.stderr);
    const report = JSON.parse(r.stdout) as JsonReport;
    assert.deepEqual(
      report.files.map((f) => f.file),
      [file],
    );
    assert.deepEqual(report, JSON.parse(once.stdout), 'the same report as naming it once');
    assert.match(r.stderr, /\/\.\/a\.target-settings\.yaml is named more than once; it is checked once\./);
    assert.match(r.stderr, /link\.yaml is named more than once/);
  } finally {
    tmp.remove();
  }
});

test('a directory: exit 2 with a message saying so', async () => {
  const tmp = tempDir();
  try {
    const dir = `${tmp.dir}/settings`;
    mkdirSync(dir);
    const r = await runCli(['validate', dir, fixture('valid.target-settings.yaml')]);
    assert.equal(r.code, 2);
    assert.ok(r.stderr.includes(`${dir}: is a directory`), r.stderr);
    assert.match(r.stdout, /1 file checked, 1 file could not be read: no problems found in the files checked\./);
  } finally {
    tmp.remove();
  }
});

test('an unreadable file: exit 2 with "permission denied"', async (t) => {
  if (isRoot()) {
    t.skip('running as root: root reads a file whatever its permissions, so an unreadable file cannot be made');
    return;
  }
  const tmp = tempDir();
  try {
    const file = tmp.file('locked.target-settings.yaml', 'ids: []\n');
    chmodSync(file, 0o000);
    const r = await runCli(['validate', file]);
    assert.equal(r.code, 2);
    assert.ok(r.stderr.includes(`${file}: permission denied`), r.stderr);
  } finally {
    tmp.remove();
  }
});

test('binary and non-UTF-8 files: exit 2, "not a text file"; the other files are still checked', async () => {
  const tmp = tempDir();
  try {
    const binary = tmp.file('image.target-settings.yaml', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]));
    const latin1 = tmp.file('latin1.target-settings.yaml', Buffer.from('site:\n  name: Caf\xe9\n', 'latin1'));
    const utf16 = tmp.file('utf16.target-settings.yaml', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ids: []\n', 'utf16le')]));
    const r = await runCli(['validate', binary, latin1, utf16, fixture('errors.target-settings.yaml')]);
    assert.equal(r.code, 2);
    assert.ok(r.stderr.includes(`${binary}: is not a text file (it contains NUL bytes)`), r.stderr);
    assert.ok(r.stderr.includes(`${latin1}: is not valid UTF-8 text`), r.stderr);
    assert.ok(r.stderr.includes(`${utf16}: is UTF-16 encoded`), r.stderr);
    assert.match(r.stdout, /1 file checked, 3 files could not be read: [1-9]/);
  } finally {
    tmp.remove();
  }
});

test('a text file that is not target settings gets diagnostics, not an I/O error (exit 1)', async () => {
  const r = await runCli(['validate', '--format', 'json', fixture('notes.txt')]);
  assert.equal(r.code, 1, r.stderr);
  const report = JSON.parse(r.stdout) as JsonReport;
  assert.equal(at(report.files, 0).error, undefined);
  assert.ok(report.summary.errors >= 1);
});

test('YAML syntax errors are diagnostics with positions (exit 1)', async () => {
  const r = await runCli(['validate', '--format', 'json', fixture('syntax.target-settings.yaml')]);
  assert.equal(r.code, 1, r.stderr);
  const report = JSON.parse(r.stdout) as JsonReport;
  assert.ok(at(report.files, 0).diagnostics.some((d) => d.severity === 'error'));
});

test('no file: a usage error', async () => {
  const r = await runCli(['validate']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /no file given/);
});

function restrictedFile(tmp: ReturnType<typeof tempDir>): string {
  return tmp.file('restricted.entitlements.json', JSON.stringify(RESTRICTED_PROFILE, null, 2));
}

test('--entitlements: not-entitled warnings on the right nodes; warnings alone exit 0', async () => {
  const tmp = tempDir();
  try {
    const file = fixture('entitled.target-settings.yaml');
    const withSecret = { env: { SHOP_OTP_SECRET: 'set-for-the-test' } };
    const plain = await runCli(['validate', '--format', 'json', file], withSecret);
    assert.equal(plain.code, 0, plain.stdout);
    assert.equal((JSON.parse(plain.stdout) as JsonReport).summary.warnings, 0);
    // Without the variable, its placeholder is warned about where it stands.
    const unset = JSON.parse((await runCli(['validate', '--format', 'json', file])).stdout) as JsonReport;
    assert.deepEqual(
      at(unset.files, 0).diagnostics.map((d) => [d.code, d.path, d.range.start]),
      [['env-not-set', '/site/otp_secret', { line: 8, character: 14 }]],
    );

    const r = await runCli(['validate', '--format', 'json', '--entitlements', restrictedFile(tmp), file], withSecret);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as JsonReport;
    const warnings = at(report.files, 0).diagnostics.filter((d) => d.code === 'not-entitled');
    assert.equal(report.summary.warnings, warnings.length);
    const otp = warnings.find((d) => d.path === '/site/has_otp');
    assert.ok(otp, JSON.stringify(warnings));
    assert.equal(otp.severity, 'warning');
    assert.deepEqual(otp.range, { start: { line: 7, character: 11 }, end: { line: 7, character: 15 } });
    const reportType = warnings.find((d) => d.path === '/report_type');
    assert.ok(reportType);
    assert.deepEqual(reportType.range.start, { line: 9, character: 13 });
    assert.match(reportType.message, /allowed_report_types: default, executive_summary/);

    const full = tmp.file('full.json', JSON.stringify(FULL_PROFILE));
    const none = await runCli(['validate', '--entitlements', full, file], withSecret);
    assert.equal(none.code, 0);
    assert.equal(none.stdout, '1 file checked: no problems found.\n');
  } finally {
    tmp.remove();
  }
});

test('--entitlements with a missing, non-JSON or malformed record: exit 2 naming the problem', async () => {
  const tmp = tempDir();
  try {
    const file = fixture('valid.target-settings.yaml');
    const missing = await runCli(['validate', '--entitlements', `${tmp.dir}/nope.json`, file]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--entitlements .*nope\.json: no such file/);
    assert.equal(missing.stdout, '');

    const notJson = await runCli(['validate', '--entitlements', tmp.file('x.json', '{ nope'), file]);
    assert.equal(notJson.code, 2);
    assert.match(notJson.stderr, /not valid JSON/);

    const broken: Record<string, unknown> = { ...FULL_PROFILE, allow_sso: 'yes' };
    delete broken.max_users;
    const malformed = await runCli(['validate', '--entitlements', tmp.file('broken.json', JSON.stringify(broken)), file]);
    assert.equal(malformed.code, 2);
    assert.match(malformed.stderr, /not an entitlements record/);
    assert.match(malformed.stderr, /max_users is required/);
    assert.match(malformed.stderr, /allow_sso must be true or false/);
  } finally {
    tmp.remove();
  }
});

test('no colour when stdout is not a terminal', async () => {
  const r = await runCli(['validate', fixture('errors.target-settings.yaml')]);
  assert.ok(!ANSI_ESCAPE.test(r.stdout) && !ANSI_ESCAPE.test(r.stderr));
});

test('colour on a terminal, and none on a terminal with NO_COLOR set (even empty)', async (t) => {
  if (!hasScript()) {
    t.skip('`script` (util-linux) is not available to give the CLI a terminal');
    return;
  }
  const file = fixture('errors.target-settings.yaml');
  const coloured = await runInTerminal(['validate', file]);
  assert.equal(coloured.code, 1);
  assert.match(coloured.output, ANSI_ESCAPE);
  for (const value of ['1', '']) {
    const plain = await runInTerminal(['validate', file], { env: { NO_COLOR: value } });
    assert.equal(plain.code, 1);
    assert.doesNotMatch(plain.output, ANSI_ESCAPE, `NO_COLOR=${JSON.stringify(value)}`);
    assert.match(plain.output, /:8:14: error /);
  }
});
