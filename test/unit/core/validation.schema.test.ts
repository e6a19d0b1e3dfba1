// The shaping of Ajv errors, on a small fixture schema that uses the keywords the shipped schema
// does not (yet): anyOf/oneOf branches, if/then/else, dependencies, numeric limits, uniqueItems.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ValidateFunction } from 'ajv';
import genericSchema from '../../fixtures/validation/generic.schema.json';
import { genericFixture } from '../../../src/core/schema/generated/genericFixture';
import { createValidator } from '../../../src/core/validation';
import { expectDiagnostics } from '../../fixtures/validation/expect';

const validator = createValidator(genericFixture, genericSchema);
const v = (text: string) => validator.validateText(text);

test('numbers: minimum, maximum, exclusive limits, multipleOf', () => {
  expectDiagnostics(v, `count: «0»\nratio: «1»\nstep: «7»\n`, [
    { code: 'out-of-range', path: '/count', message: 'count is 0, the minimum is 1', data: { limit: 1 } },
    { code: 'out-of-range', path: '/ratio', message: 'ratio is 1, it must be less than 1' },
    { code: 'invalid-value', path: '/step', message: 'step must be a multiple of 5, found 7' },
  ]);
  expectDiagnostics(v, `count: «11»\nratio: «0»\n`, [
    { code: 'out-of-range', path: '/count', message: 'count is 11, the maximum is 10' },
    { code: 'out-of-range', path: '/ratio', message: 'ratio is 0, it must be greater than 0' },
  ]);
});

test('lists: uniqueItems marks the later copy; minItems and maxItems', () => {
  expectDiagnostics(v, `days: [1, 2, «1»]\n`, [
    { code: 'duplicate-item', path: '/days/2', message: 'days[2] repeats days[0]; the items of days must all differ', data: { firstIndex: 0 } },
  ]);
  expectDiagnostics(v, `days: «[]»\n`, [{ code: 'too-short', path: '/days', message: 'days is empty; it needs at least 1 item' }]);
  expectDiagnostics(v, `days: «[1, 2, 3, 4]»\n`, [{ code: 'too-long', path: '/days', message: 'days has 4 items, the limit is 3' }]);
});

test('anyOf: types of all branches merged when none fits', () => {
  expectDiagnostics(v, `scope: «5»\n`, [
    { code: 'invalid-type', path: '/scope', message: 'scope must be a string or a list, found a number; put it in quotes to keep it as text' },
  ]);
});

test('anyOf: only the branch of the right type is reported', () => {
  expectDiagnostics(v, `scope: «admin»\n`, [
    { code: 'invalid-pattern', path: '/scope', message: 'scope does not have the form this field requires (pattern ^/)' },
  ]);
  expectDiagnostics(v, `scope:\n  - /a\n  - «5»\n`, [
    { code: 'invalid-type', path: '/scope/1', message: 'scope[1] must be a string, found a number; put it in quotes to keep it as text' },
  ]);
  assert.deepEqual(v(`scope: /admin\n`), []);
});

test('oneOf through $ref: the branch whose discriminator matches', () => {
  expectDiagnostics(v, `auth:\n  type: token\n  token: «short»\n`, [
    { code: 'too-short', path: '/auth/token', message: 'auth.token is 5 characters, it needs at least 10' },
  ]);
  expectDiagnostics(v, `«auth»:\n  type: basic\n`, [{ code: 'missing-property', path: '/auth/user', message: 'auth.user is required' }]);
  assert.deepEqual(v(`auth:\n  type: basic\n  user: me\n`), []);
});

test('const: "must be"', () => {
  expectDiagnostics(v, `mode: «lax»\n`, [{ code: 'invalid-enum', path: '/mode', message: 'mode must be strict, found "lax"', data: { allowed: ['strict'] } }]);
});

test('a pattern that is not a character class is shown as is; formats in words', () => {
  expectDiagnostics(v, `code: «abc»\nmail: «nobody»\n`, [
    { code: 'invalid-pattern', path: '/code', message: 'code does not have the form this field requires (pattern ^[A-Z]{3}-\\d+$)' },
    { code: 'invalid-format', path: '/mail', message: 'mail must be an email address' },
  ]);
});

test('dependencies: "X is required when Y is set"', () => {
  expectDiagnostics(v, `«extra»: x\n`, [
    { code: 'conditional-required', path: '/flag', message: 'flag is required when extra is set', data: { missingProperty: 'flag' } },
  ]);
});

test('if/then/else: "required when" and "required unless"', () => {
  expectDiagnostics(v, `«nested»:\n  kind: a\n`, [
    { code: 'conditional-required', path: '/nested/count', message: 'nested.count is required when nested.kind is a', data: { condition: 'nested.kind is a' } },
  ]);
  expectDiagnostics(v, `«nested»:\n  kind: b\n`, [
    { code: 'conditional-required', path: '/nested/mode', message: 'nested.mode is required unless nested.kind is a' },
  ]);
});

test('the given validator runs on validation, not when the validator is created', () => {
  const failing = (() => {
    throw new Error('validated');
  }) as unknown as ValidateFunction;
  const broken = createValidator(failing, genericSchema);
  assert.throws(() => broken.validateText('a: 1\n'), /validated/);
});
