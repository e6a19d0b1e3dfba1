// Quick fixes against the real validator: every diagnostic of a fixable code that validateText
// reports on a fixture gets a preferred fix, and applying the preferred fixes one by one (as a user
// would, re-validating in between) leaves none of those diagnostics. Catches any drift between the
// codes, paths and data validation publishes and what the quick fixes expect.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { validateText } from '../../../src/core/validation';
import { parseFile } from '../../../src/core/yaml/parse';
import { codeActions } from '../../../src/core/assist/codeActions';
import { VALIDATION_FIXABLE_CODES } from '../../../src/core/assist/fixableCodes';
import { applyEdits } from '../../fixtures/applyEdits';
import type { CoreDiagnostic } from '../../../src/core/diagnostic';
import { repoRoot } from '../../fixtures/assist/helpers';

const FIXABLE = new Set<string>(VALIDATION_FIXABLE_CODES);
const fixture = fs.readFileSync(path.join(repoRoot, 'test/fixtures/assist/fixable.target-settings.yaml'), 'utf8');

function fixable(text: string): CoreDiagnostic[] {
  return validateText(text).filter((d) => FIXABLE.has(d.code));
}

const EOL_NAMES = { '\n': 'LF', '\r\n': 'CRLF', '\r': 'lone CR' } as const;

for (const eol of ['\n', '\r\n', '\r'] as const) {
  test(`every fixable diagnostic gets a preferred fix that clears it (${EOL_NAMES[eol]})`, () => {
    let text = fixture.replace(/\n/g, eol);
    const first = fixable(text);
    assert.deepEqual(
      [...new Set(first.map((d) => d.code))].sort(),
      [...FIXABLE].sort(),
      `the fixture covers every fixable code:\n${first.map((d) => `${d.code} ${d.path} ${d.message}`).join('\n')}`,
    );
    for (const d of first) {
      const preferred = codeActions(parseFile(text), [d]).filter((a) => a.isPreferred);
      assert.equal(preferred.length, 1, `one preferred fix for ${d.code} at ${d.path}: ${d.message}`);
    }
    // Fix one diagnostic at a time, as a user would, re-validating in between.
    for (let round = 0; round < 40; round++) {
      const d = fixable(text)[0];
      if (d === undefined) break;
      const action = codeActions(parseFile(text), [d]).find((a) => a.isPreferred);
      assert.ok(action, `a preferred fix for ${d.code} at ${d.path}: ${d.message}\n${text}`);
      const next = applyEdits(text, action.edits);
      assert.notEqual(next, text, `${action.title} changes the text`);
      text = next;
      assert.ok(
        !fixable(text).some((x) => x.code === d.code && x.path === d.path && x.document === d.document),
        `${action.title} clears ${d.code} at ${d.path}:\n${text}`,
      );
    }
    assert.deepEqual(
      fixable(text).map((d) => `${d.code} ${d.path}`),
      [],
    );
    assert.ok(parseFile(text).documents.every((doc) => doc.errors.length === 0));
    if (eol === '\r\n') assert.ok(!/[^\r]\n/.test(text), 'only CRLF line breaks');
    if (eol === '\r') assert.ok(!text.includes('\n'), 'only lone CR line breaks');
  });
}
