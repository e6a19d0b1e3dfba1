// The cap on the diagnostics the editor shows (setting scanTargets.validation.maxProblems).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CoreDiagnostic, Severity } from '../../../src/core/diagnostic';
import { limitDiagnostics, validateText } from '../../../src/core/validation';
import { LanguageService } from '../../../src/core/service';
import { at } from '../../fixtures/at';

function diagnostic(severity: Severity, line: number): CoreDiagnostic {
  return { severity, code: `c-${line}`, message: 'm', document: 0, path: '', range: { start: { line, character: 0 }, end: { line, character: 1 } } };
}

test('under the cap, the diagnostics are shown as they are', () => {
  const all = [diagnostic('warning', 1), diagnostic('error', 2)];
  assert.deepEqual(limitDiagnostics(all, 2), all);
});

test('over the cap, errors are kept first, in their order, and a note counts the rest', () => {
  const all = [diagnostic('warning', 0), diagnostic('hint', 1), diagnostic('error', 2), diagnostic('information', 3), diagnostic('error', 4)];
  const shown = limitDiagnostics(all, 3);
  assert.deepEqual(
    shown.slice(0, 3).map((d) => d.range.start.line),
    [0, 2, 4],
  );
  assert.equal(shown.length, 4);
  const note = at(shown, 3);
  assert.equal(note.code, 'too-many-problems');
  assert.equal(note.severity, 'information');
  assert.match(note.message, /^5 problems in all; the 3 most severe are shown\. /);
  assert.match(note.message, /scanTargets\.validation\.maxProblems/);
});

test('a file with thousands of repeated ids shows the cap, while the bulk update plan still sees every error', () => {
  const ids = Array.from({ length: 3000 }, () => '  - VBqMaOzE93qU\n').join('');
  const text = `ids:\n${ids}site:\n  name: Shop\n  url: https://shop.example\nreport_type: nope\n`;
  const all = validateText(text);
  assert.ok(all.length > 2999, `${all.length} diagnostics`);

  const service = new LanguageService(() => 'unset');
  const file = service.parse('file:///w/many.target-settings.yaml', 1, text);
  const shown = service.diagnostics('file:///w/many.target-settings.yaml', file, { maxProblems: 100 });
  assert.equal(shown.length, 101);
  // The one error (report_type) is shown although it comes after thousands of warnings.
  assert.ok(shown.some((d) => d.severity === 'error' && d.path === '/report_type'));
  assert.equal(at(shown, 100).code, 'too-many-problems');
  // Without a cap (the command line, tests), everything.
  assert.equal(service.validateAll(file).length, all.length);
  const plan = service.planBulkUpdate(file, { documentIndex: 0 }, { maxProblems: 100 });
  assert.equal(!plan.ok && plan.reason, 'validation');
});

test('a file with 200,000 problems is validated whole: no stack overflow, every problem counted', () => {
  const text = `ids:\n${'  - VBqMaOzE93qU\n'.repeat(200_000)}site:\n  name: Shop\n  url: https://shop.example\n`;
  const all = validateText(text);
  assert.equal(all.filter((d) => d.code === 'duplicate-id').length, 199_999);
  const shown = limitDiagnostics(all, 1000);
  assert.equal(shown.length, 1001);
  assert.match(at(shown, 1000).message, /^More than 199,000 problems; the 1,000 most severe are shown\. /);
});

test('the note counts exactly under 1,000 problems, and from there rounded down to three figures: one problem more or less seldom changes it', () => {
  const note = (total: number, max = 10): string => {
    const all = Array.from({ length: total }, (_, i) => diagnostic('warning', i));
    return at(limitDiagnostics(all, max), max).message.replace(/ Raise .*/, '');
  };
  assert.equal(note(999), '999 problems in all; the 10 most severe are shown.');
  assert.equal(note(1000), '1,000 problems in all; the 10 most severe are shown.');
  assert.equal(note(1001), 'More than 1,000 problems; the 10 most severe are shown.');
  assert.equal(note(1239), 'More than 1,230 problems; the 10 most severe are shown.');
  assert.equal(note(12_300), '12,300 problems in all; the 10 most severe are shown.');
  assert.equal(note(12_345), 'More than 12,300 problems; the 10 most severe are shown.');
  assert.equal(note(2, 1), '2 problems in all; the most severe is shown.');
  // (The editor is sent the diagnostics again only when one of them changed, the note included.)
  assert.equal(note(123_456), note(123_457));
  assert.equal(note(123_456), note(123_455));
});
