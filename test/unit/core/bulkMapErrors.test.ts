// The service's answers put back onto the YAML: 400 field errors on their nodes (with fallbacks)
// and rejected ids on each of their items.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { flattenFieldErrors } from '../../../src/core/serviceContract';
import type { CoreDiagnostic } from '../../../src/core/diagnostic';
import { parseFile, type ParsedFile } from '../../../src/core/yaml';
import { invalidIdDiagnostics, mapValidationErrors, outcomeDiagnostics } from '../../../src/core/bulk';
import { at, only } from '../../fixtures/at';

const TEXT = `# header comment
ids:
  - aaa111
  - bbb222
site:
  name: ${'N'.repeat(20)}
  headers:
    - name: X-One
      value: one
    - name: X-Two
      value: two
  basic_auth:
    username: scanner
labels:
  - name: red
    color: "#zz"
blackout_period:
  begin: "22:00"
---
ids: [ccc333, aaa111, ccc333]
site: {name: Two}
`;

/** The text each diagnostic covers. */
function covered(file: ParsedFile, diagnostics: readonly CoreDiagnostic[]): string[] {
  return diagnostics.map((d) => file.text.slice(file.offsetAt(d.range.start), file.offsetAt(d.range.end)));
}

describe('mapValidationErrors', () => {
  const file = parseFile(TEXT);

  test("site.name errors land on site.name's value, with the field and the messages", () => {
    const errors = flattenFieldErrors({ site: { name: ['Ensure this field has no more than 255 characters.'] } });
    const diags = mapValidationErrors(file, 0, errors);
    assert.deepEqual(covered(file, diags), ['N'.repeat(20)]);
    const d = only(diags);
    assert.equal(d.code, 'service-validation');
    assert.equal(d.severity, 'error');
    assert.equal(d.document, 0);
    assert.equal(d.path, '/site/name');
    assert.equal(d.message, 'The service rejected `site.name`: Ensure this field has no more than 255 characters.');
    assert.deepEqual(d.data, { servicePath: 'site.name', messages: ['Ensure this field has no more than 255 characters.'] });
  });

  test('nested errors with list indexes land on their nodes (DRF list-of-objects shape)', () => {
    const errors = flattenFieldErrors({
      site: { headers: [{}, { value: ['Not a valid string.'] }] },
      labels: [{ color: ['Enter a valid value.'] }],
      blackout_period: { begin: ['Time has wrong format.'] },
    });
    const diags = mapValidationErrors(file, 0, errors);
    assert.deepEqual(covered(file, diags), ['two', '"#zz"', '"22:00"']);
    assert.deepEqual(
      diags.map((d) => d.path),
      ['/site/headers/1/value', '/labels/0/color', '/blackout_period/begin'],
    );
  });

  test('an error on a list or mapping goes on its key (one line, not the whole block)', () => {
    const diags = mapValidationErrors(file, 0, [{ path: ['site', 'headers'], messages: ['Too many.'] }]);
    assert.deepEqual(covered(file, diags), ['headers']);
  });

  test("an error on a list item that is a mapping goes on the item's first line", () => {
    const diags = mapValidationErrors(file, 0, [{ path: ['site', 'headers', 0], messages: ['Bad header.'] }]);
    assert.deepEqual(covered(file, diags), ['name: X-One']);
  });

  test('an unknown path falls back to the nearest existing ancestor, naming the full field', () => {
    const diags = mapValidationErrors(file, 0, [
      { path: ['site', 'basic_auth', 'password'], messages: ['This field is required.'] },
      { path: ['site', 'headers', 7, 'name'], messages: ['Gone.'] },
      { path: ['scan_profile'], messages: ['Unknown profile.'] },
    ]);
    assert.deepEqual(covered(file, diags), ['basic_auth', 'headers', 'ids:']);
    assert.match(
      at(diags, 0).message,
      /^The service rejected `site\.basic_auth\.password`, which is not in this document \(shown on `site\.basic_auth`\): This field is required\.$/,
    );
    assert.equal(at(diags, 0).path, '/site/basic_auth');
    assert.match(at(diags, 2).message, /shown on the document/);
  });

  test("non_field_errors go on the document's first line (after its comments)", () => {
    const errors = flattenFieldErrors({ non_field_errors: ['Invalid data.', 'Try again.'] });
    const diags = mapValidationErrors(file, 0, errors);
    assert.deepEqual(covered(file, diags), ['ids:']);
    const d = only(diags);
    assert.equal(d.message, 'The service rejected the request: Invalid data. Try again.');
    assert.equal(d.path, '');
    const second = mapValidationErrors(file, 1, errors);
    assert.deepEqual(covered(file, second), ['ids: [ccc333, aaa111, ccc333]']);
    assert.equal(only(second).range.start.line, 19);
  });

  test("ids[i] indexes the request's ids: with the chunk ids it lands on every item of that id", () => {
    const errors = flattenFieldErrors({ ids: { '1': ['Not a valid id.'] } });
    const diags = mapValidationErrors(file, 1, errors, { chunkIds: ['aaa111', 'ccc333'] });
    assert.deepEqual(covered(file, diags), ['ccc333', 'ccc333']);
    assert.deepEqual(
      diags.map((d) => d.path),
      ['/ids/0', '/ids/2'],
    );
    const without = mapValidationErrors(file, 1, errors);
    assert.deepEqual(covered(file, without), ['ids']);
  });

  test('duplicates are dropped; an unknown document gives nothing', () => {
    const e = { path: ['site', 'name'], messages: ['x'] };
    assert.equal(mapValidationErrors(file, 0, [e, e]).length, 1);
    assert.deepEqual(mapValidationErrors(file, 9, [e]), []);
  });
});

describe('invalidIdDiagnostics', () => {
  const file = parseFile(TEXT);

  test('one Error per occurrence of each rejected id in that document only', () => {
    const diags = invalidIdDiagnostics(file, 1, new Set(['ccc333', 'aaa111', 'not-there']));
    assert.deepEqual(covered(file, diags), ['ccc333', 'aaa111', 'ccc333']);
    assert.deepEqual(
      diags.map((d) => [d.code, d.severity, d.document, d.path]),
      [
        ['invalid-id', 'error', 1, '/ids/0'],
        ['invalid-id', 'error', 1, '/ids/1'],
        ['invalid-id', 'error', 1, '/ids/2'],
      ],
    );
    const first = at(diags, 0);
    assert.match(first.message, /^Target id `ccc333` was rejected by the service \(invalid_ids\)/);
    assert.deepEqual(first.data, { id: 'ccc333', index: 0 });
    assert.deepEqual(covered(file, invalidIdDiagnostics(file, 0, new Set(['aaa111']))), ['aaa111']);
  });

  test('CRLF and quoted ids', () => {
    const f = parseFile('ids:\r\n  - "q1"\r\n  - \'q2\'\r\nsite: {name: x}\r\n');
    const diags = invalidIdDiagnostics(f, 0, new Set(['q2']));
    assert.deepEqual(covered(f, diags), ["'q2'"]);
    assert.deepEqual(only(diags).range, { start: { line: 2, character: 4 }, end: { line: 2, character: 8 } });
  });

  test('outcomeDiagnostics combines rejected ids and mapped 400s', () => {
    const diags = outcomeDiagnostics(file, 0, {
      invalid: ['bbb222'],
      failed: [{ fieldErrors: [{ path: ['site', 'name'], messages: ['Too long.'] }], chunkIds: ['aaa111'] }, {}],
    });
    assert.deepEqual(
      diags.map((d) => d.code),
      ['invalid-id', 'service-validation'],
    );
  });
});
