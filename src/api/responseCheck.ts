// Checks a 2xx response body against its schema and says, in words, which field is wrong, worded
// as the editor's diagnostics are: "max_users is required", "allow_sso must be true or false, found
// a string".
//
// Tolerant reader: a field the schema does not know (`additionalProperties`) is NOT an error
// here. A service that adds an entitlement must not break every client in the field; unknown
// fields are reported back (`extras`) so the caller can log them.
//
// The validators are generated at build time (core/schema/validators.ts) from
// schemas/entitlements.schema.json and bulkUpdateResponse.schema.json beside this file.
import type { ValidateFunction } from 'ajv';
import { bulkUpdateResponseValidate, entitlementsValidate } from '../core/schema/validators';
import bulkUpdateResponseSchema from './bulkUpdateResponse.schema.json';
import { formatFieldPath, pointerToPath } from '../core/paths';
import type { ResponseProblem } from './errors';
import { translateAjvErrors } from '../core/validation/ajvErrors';
import { SchemaIndex } from '../core/validation/schemaIndex';
import entitlementsSchema from '../../schemas/entitlements.schema.json';
import type { BulkUpdateResponse, Entitlements } from './types';

export interface CheckResult<T> {
  ok: boolean;
  value?: T;
  problems: ResponseProblem[];
  /** Paths of fields the schema does not know, ignored. */
  extras: string[];
}

export function checkEntitlements(body: unknown): CheckResult<Entitlements> {
  return check<Entitlements>(entitlementsValidate, entitlementsIndex, body);
}

export function checkBulkUpdateResponse(body: unknown): CheckResult<BulkUpdateResponse> {
  return check<BulkUpdateResponse>(bulkUpdateResponseValidate, bulkUpdateResponseIndex, body);
}

const entitlementsIndex = new SchemaIndex(entitlementsSchema);
const bulkUpdateResponseIndex = new SchemaIndex(bulkUpdateResponseSchema);

/** Checks `body` with `validate` (generated from the schema `index` reads); problems are worded as the editor's diagnostics are. */
function check<T>(validate: ValidateFunction, index: SchemaIndex, body: unknown): CheckResult<T> {
  validate(body);
  const errors = validate.errors ?? [];
  const extras = errors
    .filter((e) => e.keyword === 'additionalProperties')
    .map((e) => formatFieldPath([...pointerToPath(e.instancePath, body), String((e.params as { additionalProperty?: string }).additionalProperty)]));
  const findings = translateAjvErrors(
    errors.filter((e) => e.keyword !== 'additionalProperties'),
    body,
    index,
  );
  const problems = findings.map((f) => ({ path: [...f.path], message: f.message }));
  return problems.length === 0 ? { ok: true, value: body as T, problems, extras } : { ok: false, problems, extras };
}
