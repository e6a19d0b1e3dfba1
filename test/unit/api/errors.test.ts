import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, ApiInvalidIdsError, isApiError } from '../../../src/api/errors';
import { flattenFieldErrors, type FieldErrors } from '../../../src/core/serviceContract';

describe('flattenFieldErrors', () => {
  test('nested objects, lists of objects, index-keyed objects and non_field_errors', () => {
    const raw: FieldErrors = {
      non_field_errors: ['Body problem.'],
      ids: { '1': ['Not a valid string.'] },
      site: {
        name: ['Too long.'],
        headers: [{}, { name: ['This field is required.'], value: ['Required.', 'Second.'] }],
        non_field_errors: ['Site problem.'],
      },
      report_type: '"x" is not a valid choice.',
    };
    assert.deepEqual(flattenFieldErrors(raw), [
      { path: [], messages: ['Body problem.'] },
      { path: ['ids', 1], messages: ['Not a valid string.'] },
      { path: ['site', 'name'], messages: ['Too long.'] },
      { path: ['site', 'headers', 1, 'name'], messages: ['This field is required.'] },
      { path: ['site', 'headers', 1, 'value'], messages: ['Required.', 'Second.'] },
      { path: ['site'], messages: ['Site problem.'] },
      { path: ['report_type'], messages: ['"x" is not a valid choice.'] },
    ]);
  });

  test('an empty body gives no entries', () => {
    assert.deepEqual(flattenFieldErrors({}), []);
  });
});

test('isApiError narrows by kind; subclasses keep their kind', () => {
  const e = new ApiInvalidIdsError('m', ['a'], { status: 404 });
  assert.ok(e instanceof ApiError);
  assert.equal(e.kind, 'invalid-ids');
  assert.ok(isApiError(e));
  assert.ok(isApiError(e, 'invalid-ids'));
  assert.ok(!isApiError(e, 'not-found'));
  assert.ok(!isApiError(new Error('x')));
});
