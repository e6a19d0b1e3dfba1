// The pure parts of the output formats, tested directly (the child-process tests cover the rest).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CoreDiagnostic } from '../../../src/core/diagnostic';
import { annotation, escapeData, escapeProperty } from '../../../src/cli/format/github';
import { diagnosticLine, summaryLine } from '../../../src/cli/format/text';
import { wrapIds } from '../../../src/cli/format/outcome';
import { parseErrorRates } from '../../../src/cli/commands/sandbox';

const diag = (over: Partial<CoreDiagnostic> = {}): CoreDiagnostic => ({
  severity: 'error',
  code: 'type',
  message: 'site.has_basic_auth must be a boolean.',
  document: 0,
  path: '/site/has_basic_auth',
  range: { start: { line: 6, character: 18 }, end: { line: 6, character: 23 } },
  ...over,
});

test('GitHub escaping: %, CR and LF in data; also : and , in properties', () => {
  assert.equal(escapeData('100% done\r\nnext: a, b'), '100%25 done%0D%0Anext: a, b');
  assert.equal(escapeProperty('dir,1/a:b%.yaml'), 'dir%2C1/a%3Ab%25.yaml');
});

test('GitHub annotation: severity to command, 1-based positions, escaped message and title', () => {
  assert.equal(
    annotation('a.yaml', diag({ message: 'line one\nline two: 50%' })),
    '::error file=a.yaml,line=7,col=19,endLine=7,endColumn=24,title=type::line one%0Aline two: 50%25',
  );
  assert.match(annotation('a.yaml', diag({ severity: 'warning' })), /^::warning /);
  assert.match(annotation('a.yaml', diag({ severity: 'information' })), /^::notice /);
  assert.match(annotation('a.yaml', diag({ severity: 'hint' })), /^::notice /);
});

test('text line: 1-based, continuation lines indented, no colour without a palette', () => {
  assert.equal(diagnosticLine('a.yaml', diag()), 'a.yaml:7:19: error type site.has_basic_auth must be a boolean.');
  assert.equal(diagnosticLine('a.yaml', diag({ message: 'first\nsecond' })), 'a.yaml:7:19: error type first\n    second');
});

test('summary line', () => {
  const base = { files: 2, unreadable: 0, errors: 0, warnings: 0, information: 0, hints: 0 };
  assert.equal(summaryLine(base), '2 files checked: no problems found.');
  assert.equal(summaryLine({ ...base, errors: 1, warnings: 2, hints: 1 }), '2 files checked: 1 error, 2 warnings, 1 hint.');
  assert.equal(summaryLine({ ...base, files: 1, unreadable: 1 }), '0 files checked, 1 file could not be read: no problems found.');
});

test('ids wrap at about 100 columns, indented', () => {
  const ids = Array.from({ length: 20 }, (_, i) => `id${String(i).padStart(10, '0')}`);
  const lines = wrapIds(ids);
  assert.ok(lines.length > 1);
  for (const line of lines) {
    assert.ok(line.startsWith('  '));
    assert.ok(line.length <= 100, line);
  }
  assert.deepEqual(lines.join(' ').trim().split(/\s+/), ids);
  assert.deepEqual(wrapIds([]), []);
});

test('--error-rate parsing', () => {
  assert.deepEqual(parseErrorRates('500=0.1,503=.25'), { 500: 0.1, 503: 0.25 });
  assert.deepEqual(parseErrorRates('429=1'), { 429: 1 });
  assert.throws(() => parseErrorRates('500'), /not STATUS=RATE/);
  assert.throws(() => parseErrorRates('500=2'), /between 0 and 1/);
  assert.throws(() => parseErrorRates('302=0.1'), /not an error status/);
  assert.throws(() => parseErrorRates('500=0.6,502=0.6'), /more than 1/);
});
