// `--max-problems N`: a file with tens of thousands of problems prints at most N per file (1000 by
// default, 0 for all) in every format, then how many it left out; the summary, the JSON counts and
// the exit code still count every problem. Sizes are asserted as line counts and array lengths.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { CoreDiagnostic } from '../../../src/core/diagnostic';
import { mostSevere } from '../../../src/core/validation/limit';
import { assertBuilt, fixture, runCli, tempDir } from './helpers';

interface JsonFile {
  file: string;
  diagnostics: Array<{ severity: string; code: string; range: { start: { line: number } } }>;
  omitted: number;
  error?: string;
}
interface JsonReport {
  files: JsonFile[];
  summary: { files: number; errors: number; warnings: number };
}

/** Duplicate ids (one `duplicate-id` warning each), then empty ids (one `empty-id` error each) at the end. */
const REPEATS = 50_000;
const EMPTY = 3;
const WARNINGS = REPEATS - 1;
const PROBLEMS = WARNINGS + EMPTY;
/** A document whose `site.whitelist` holds absolute URLs: one `whitelist-absolute-url` error each. */
const WHITELIST = 50_000;

const TEXT_LINE = /^(.+):(\d+):(\d+): (error|warning|information|hint) (\S+) (.+)$/;

const tmp = tempDir();
let big = '';
let refused = '';

before(() => {
  assertBuilt();
  big = tmp.file(
    'big.target-settings.yaml',
    [
      'ids:',
      ...Array.from({ length: REPEATS }, () => '  - 3Sy7TyNMnQ8x'),
      ...Array.from({ length: EMPTY }, () => '  - ""'),
      'site:',
      '  name: Shop',
      '  url: https://shop.example',
      'report_type: owasp',
      '',
    ].join('\n'),
  );
  refused = tmp.file(
    'whitelist.target-settings.yaml',
    [
      'ids:',
      '  - 3Sy7TyNMnQ8x',
      'site:',
      '  name: Shop',
      '  url: https://shop.example',
      '  whitelist:',
      ...Array.from({ length: WHITELIST }, (_, i) => `    - https://shop.example/p${i}`),
      'report_type: owasp',
      '',
    ].join('\n'),
  );
});

after(() => tmp.remove());

const note = (file: string, omitted: number): string =>
  `${file}: … and ${omitted.toLocaleString('en-US')} more problems in this file not shown; use --max-problems 0 to show all.`;
const githubNote = (file: string, omitted: number): string =>
  `::notice file=${file},title=too-many-problems::… and ${omitted.toLocaleString('en-US')} more problems in this file not shown; use --max-problems 0 to show all.`;
const bigSummary = `1 file checked: ${EMPTY.toLocaleString('en-US')} errors, ${WARNINGS.toLocaleString('en-US')} warnings.`;

/** Stdout as lines, without the final newline. */
const linesOf = (text: string): string[] => text.replace(/\n$/, '').split('\n');

/** The 1-based line numbers of text diagnostic lines, checking each is one. */
function textPositions(lines: readonly string[], file: string): number[] {
  return lines.map((line) => {
    const m = TEXT_LINE.exec(line);
    assert.ok(m, `not a diagnostic line: ${line}`);
    assert.equal(m[1], file);
    return Number(m[2]);
  });
}

const ascending = (ns: readonly number[]): boolean => ns.every((n, i) => i === 0 || ns[i - 1]! < n);

test('mostSevere keeps the most severe, each in its place, and counts the rest exactly', () => {
  const d = (severity: CoreDiagnostic['severity'], line: number): CoreDiagnostic => ({
    severity,
    code: 'x',
    message: 'm',
    document: 0,
    path: '',
    range: { start: { line, character: 0 }, end: { line, character: 1 } },
  });
  const all = [d('hint', 0), d('warning', 1), d('error', 2), d('information', 3), d('warning', 4), d('error', 5)];
  const lines = (ds: readonly CoreDiagnostic[]): number[] => ds.map((x) => x.range.start.line);
  assert.deepEqual(lines(mostSevere(all, 3).shown), [1, 2, 5]);
  assert.equal(mostSevere(all, 3).omitted, 3);
  assert.deepEqual(lines(mostSevere(all, 1).shown), [2]);
  assert.deepEqual(lines(mostSevere(all, 5).shown), [1, 2, 3, 4, 5]);
  assert.deepEqual(mostSevere(all, 6), { shown: all, omitted: 0 });
  assert.deepEqual(mostSevere(all, Infinity), { shown: all, omitted: 0 });
  assert.deepEqual(mostSevere([], 0), { shown: [], omitted: 0 });
});

test('text: 1000 problems by default, errors first and in file order, then how many more; the summary counts all', async () => {
  const r = await runCli(['validate', big]);
  assert.equal(r.code, 1, 'the errors still fail the run');
  assert.equal(r.stderr, '');
  const lines = linesOf(r.stdout);
  assert.equal(lines.length, 1000 + 2);
  assert.equal(lines.at(-1), bigSummary);
  assert.equal(lines.at(-2), note(big, PROBLEMS - 1000));
  const positions = textPositions(lines.slice(0, 1000), big);
  assert.ok(ascending(positions), 'printed in the order of the file');
  const errors = lines.filter((l) => / error empty-id /.test(l));
  assert.equal(errors.length, EMPTY, 'no error is hidden behind warnings');
});

test('json: "diagnostics" capped, "omitted" exact for each file, the summary exact', async () => {
  const valid = fixture('valid.target-settings.yaml');
  const r = await runCli(['validate', '--format', 'json', big, refused, valid]);
  assert.equal(r.code, 1, r.stderr);
  assert.equal(linesOf(r.stdout).length, 1, 'one JSON object on one line');
  const report = JSON.parse(r.stdout) as JsonReport;
  assert.deepEqual(report.summary, { files: 3, errors: EMPTY + WHITELIST, warnings: WARNINGS });
  const [a, b, c] = report.files;
  assert.ok(a && b && c);
  assert.deepEqual(Object.keys(a), ['file', 'diagnostics', 'omitted']);
  assert.equal(a.diagnostics.length, 1000);
  assert.equal(a.omitted, PROBLEMS - 1000);
  assert.equal(a.diagnostics.filter((d) => d.severity === 'error').length, EMPTY);
  assert.ok(ascending(a.diagnostics.map((d) => d.range.start.line)));
  assert.equal(b.diagnostics.length, 1000);
  assert.equal(b.omitted, WHITELIST - 1000);
  assert.deepEqual(c, { file: valid, diagnostics: [], omitted: 0 });
});

test('github: 1000 annotations by default, then a ::notice with how many more, then the summary', async () => {
  const r = await runCli(['validate', '--format', 'github', big]);
  assert.equal(r.code, 1, r.stderr);
  const lines = linesOf(r.stdout);
  assert.equal(lines.length, 1000 + 2);
  assert.equal(lines.at(-1), bigSummary);
  assert.equal(lines.at(-2), githubNote(big, PROBLEMS - 1000));
  for (const line of lines.slice(0, 1000)) assert.match(line, /^::(error|warning) file=/);
  assert.equal(lines.filter((l) => l.startsWith('::error ')).length, EMPTY);
});

test('each file is capped on its own; a file within the cap gets no note', async () => {
  const small = fixture('errors.target-settings.yaml');
  const r = await runCli(['validate', big, refused, small]);
  assert.equal(r.code, 1, r.stderr);
  const lines = linesOf(r.stdout);
  const notes = lines.filter((l) => l.includes(' more problems in this file not shown'));
  assert.deepEqual(notes, [note(big, PROBLEMS - 1000), note(refused, WHITELIST - 1000)]);
  assert.equal(lines.indexOf(notes[0]!), 1000, "the note follows its file's lines");
  assert.equal(lines.indexOf(notes[1]!), 2001);
  const rest = lines.slice(2002, -1);
  assert.ok(rest.length > 0 && rest.every((l) => l.startsWith(`${small}:`)), rest.join('\n'));
});

test('--max-problems 0 prints every problem, in every format, with nothing omitted', async () => {
  const [text, json, github] = await Promise.all(
    ['text', 'json', 'github'].map((format) => runCli(['validate', '--format', format, '--max-problems', '0', big])),
  );
  for (const r of [text, json, github]) assert.equal(r?.code, 1, r?.stderr);
  const textLines = linesOf(text!.stdout);
  assert.equal(textLines.length, PROBLEMS + 1);
  assert.equal(textLines.at(-1), bigSummary);
  textPositions(textLines.slice(0, -1), big);
  const file = (JSON.parse(json!.stdout) as JsonReport).files[0]!;
  assert.equal(file.diagnostics.length, PROBLEMS);
  assert.equal(file.omitted, 0);
  const githubLines = linesOf(github!.stdout);
  assert.equal(githubLines.length, PROBLEMS + 1);
  assert.ok(!github!.stdout.includes('too-many-problems'));
});

test('--max-problems 5 prints 5 (the errors first), in every format; the counts stay exact', async () => {
  const [text, json, github] = await Promise.all(
    ['text', 'json', 'github'].map((format) => runCli(['validate', '--format', format, '--max-problems', '5', big])),
  );
  for (const r of [text, json, github]) assert.equal(r?.code, 1, r?.stderr);
  const textLines = linesOf(text!.stdout);
  assert.equal(textLines.length, 5 + 2);
  assert.deepEqual(
    textLines.slice(0, 5).map((l) => TEXT_LINE.exec(l)?.[5]),
    ['duplicate-id', 'duplicate-id', 'empty-id', 'empty-id', 'empty-id'],
  );
  assert.equal(textLines.at(-2), note(big, PROBLEMS - 5));
  assert.equal(textLines.at(-1), bigSummary);
  const report = JSON.parse(json!.stdout) as JsonReport;
  assert.equal(report.files[0]!.diagnostics.length, 5);
  assert.equal(report.files[0]!.omitted, PROBLEMS - 5);
  assert.deepEqual(report.summary, { files: 1, errors: EMPTY, warnings: WARNINGS });
  const githubLines = linesOf(github!.stdout);
  assert.equal(githubLines.length, 5 + 2);
  assert.equal(githubLines.at(-2), githubNote(big, PROBLEMS - 5));
});

test('a cap of exactly the number of problems omits nothing', async () => {
  const r = await runCli(['validate', '--format', 'json', '--max-problems', String(PROBLEMS), big]);
  const file = (JSON.parse(r.stdout) as JsonReport).files[0]!;
  assert.equal(file.diagnostics.length, PROBLEMS);
  assert.equal(file.omitted, 0);
  const one = await runCli(['validate', '--max-problems', String(PROBLEMS - 1), big]);
  assert.equal(linesOf(one.stdout).at(-2), `${big}: … and 1 more problem in this file not shown; use --max-problems 0 to show all.`);
});

test('the cap does not change the exit code: warnings only still exit 0', async () => {
  const warnings = tmp.file(
    'warnings.target-settings.yaml',
    ['ids:', ...Array.from({ length: 20 }, () => '  - 3Sy7TyNMnQ8x'), 'site:', '  name: Shop', '  url: https://shop.example', 'report_type: owasp', ''].join(
      '\n',
    ),
  );
  const r = await runCli(['validate', '--max-problems', '2', warnings]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual(linesOf(r.stdout).slice(-2), [note(warnings, 17), '1 file checked: 0 errors, 19 warnings.']);
});

test('a bad --max-problems is a usage error (exit 2), for validate and bulk-update', async () => {
  for (const value of ['-1', '1.5', 'abc', '', '1e3', '0x10']) {
    for (const command of [
      ['validate', big],
      ['bulk-update', refused, '--dry-run'],
    ]) {
      const r = await runCli([...command, `--max-problems=${value}`]);
      assert.equal(r.code, 2, `${command[0]} --max-problems=${value}: ${r.stderr}`);
      assert.equal(r.stdout, '');
      assert.ok(r.stderr.includes(`--max-problems takes a whole number of problems to print per file, or 0 to print them all (got "${value}")`), r.stderr);
      assert.ok(r.stderr.includes('--help" for usage'), r.stderr);
    }
  }
  const missing = await runCli(['validate', big, '--max-problems']);
  assert.equal(missing.code, 2, missing.stderr);
});

test('--help lists --max-problems, its default and 0', async () => {
  for (const command of ['validate', 'bulk-update']) {
    const r = await runCli([command, '--help']);
    assert.equal(r.code, 0);
    const line = r.stdout.split('\n').findIndex((l) => l.trimStart().startsWith('--max-problems N'));
    assert.ok(line >= 0, r.stdout);
    assert.match(r.stdout, /default 1000; 0: no limit/);
  }
});

test('bulk-update refusing a document with 50,000 errors prints 1000 of them and counts the rest', async () => {
  const [text, json, all] = await Promise.all([
    runCli(['bulk-update', refused, '--dry-run']),
    runCli(['bulk-update', refused, '--yes', '--format', 'json', '--max-problems', '7']),
    runCli(['bulk-update', refused, '--dry-run', '--max-problems', '0']),
  ]);
  const message = `error: ${WHITELIST.toLocaleString('en-US')} errors in document 1 of ${refused}: nothing was sent. Fix them (scan-targets validate ${refused}) and run again.`;

  assert.equal(text.code, 1, text.stderr);
  assert.equal(text.stdout, '');
  const lines = linesOf(text.stderr);
  assert.equal(lines.length, 1000 + 2);
  textPositions(lines.slice(0, 1000), refused);
  assert.deepEqual(lines.slice(-2), [note(refused, WHITELIST - 1000), message]);

  assert.equal(json.code, 1, json.stderr);
  const out = JSON.parse(json.stdout) as { diagnostics: unknown[]; diagnosticsOmitted: number; notSent: string[]; requests: number; error: string };
  assert.equal(out.diagnostics.length, 7);
  assert.equal(out.diagnosticsOmitted, WHITELIST - 7);
  assert.deepEqual(out.notSent, ['3Sy7TyNMnQ8x']);
  assert.equal(out.requests, 0);
  assert.equal(out.error, message.slice('error: '.length));
  assert.equal(linesOf(json.stderr).length, 7 + 2);

  assert.equal(all.code, 1, all.stderr);
  assert.equal(linesOf(all.stderr).length, WHITELIST + 1);
  assert.ok(!all.stderr.includes('more problems in this file not shown'));
});
