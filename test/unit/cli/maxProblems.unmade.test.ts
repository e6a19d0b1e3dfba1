// `validate` makes only what `--max-problems` lets it print of a long list's repeated ids and ids
// read as numbers (checkText with a cap), and counts the rest: what it prints, how many it says it
// left out and the summary must be exactly those of making every diagnostic and capping after.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkText } from '../../../src/cli/check';
import { showReports, summarize, type FileReport } from '../../../src/cli/format/model';
import { envCheckOf } from '../../../src/core/envPlaceholders';
import { omittedTotal } from '../../../src/core/validation';

const SETTINGS = ['site:', '  name: Shop', '  url: https://shop.example', 'report_type: owasp'];

/** Item `i` of a long list: mostly ids, with numbers, true, repeats of earlier ids and empty ids among them. */
function item(i: number, document: number): string {
  if (i % 7 === 3) return `  - ${4000000000 + i}`;
  if (i % 53 === 5) return '  - true';
  if (i % 4 === 2) return `  - id${document}x0`;
  if (i % 401 === 9) return '  - ""';
  return `  - id${document}x${i}`;
}

const TEXT = [
  ['ids:', ...Array.from({ length: 12_000 }, (_, i) => item(i, 1)), ...SETTINGS],
  ['ids:', ...Array.from({ length: 1500 }, (_, i) => item(i, 2)), 'site:', '  name: Shop', 'report_type: nope'],
  ['ids:', '  - 7', '  - 7', '  - abc', ...SETTINGS],
]
  .map((lines) => lines.join('\n'))
  .join('\n---\n');

const env = envCheckOf(() => undefined);

test('a cap leaves out unmade only what it could not print: the same lines, counts and summary as capping every diagnostic', () => {
  const every = checkText(TEXT, env);
  assert.equal(omittedTotal(every.omitted), 0, 'without a cap, every diagnostic is made');
  const full: FileReport = { file: 'f.yaml', diagnostics: every.diagnostics };
  for (const max of [1, 2, 7, 100, 999, 1000, 1500, 2000, Infinity]) {
    const capped = checkText(TEXT, env, undefined, max);
    if (max <= 1000) {
      assert.ok(omittedTotal(capped.omitted) > 0, `max ${max}: some left unmade`);
      assert.ok(capped.omitted.error > 0 && capped.omitted.warning > 0, `max ${max}: numbers (errors) and repeats (warnings) left unmade`);
    }
    const report: FileReport = { file: 'f.yaml', diagnostics: capped.diagnostics, unmade: capped.omitted };
    assert.deepEqual(showReports([report], max), showReports([full], max), `max ${max}: what is printed`);
    assert.deepEqual(summarize([report]), summarize([full]), `max ${max}: the summary`);
  }
});
