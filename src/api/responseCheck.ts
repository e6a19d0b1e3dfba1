// Checks a 2xx response body against its schema and says, in words, which field is wrong:
// "entitlements field `max_users` is missing", "entitlements field `allow_sso` must be a boolean,
// found a string".
//
// Tolerant reader: a field the schema does not know (`additionalProperties`) is NOT an error
// here. A service that adds an entitlement must not break every client in the field; unknown
// fields are reported back (`extras`) so the caller can log them.
//
// The validators are generated at build time (core/schema/validators.ts) from
// schemas/entitlements.schema.json and bulkUpdateResponse.schema.json beside this file.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { bulkUpdateResponseValidate, entitlementsValidate } from '../core/schema/validators';
import bulkUpdateResponseSchema from './bulkUpdateResponse.schema.json';
import type { ResponseProblem } from './errors';
import { formatFieldPath, pointerToPath } from '../core/paths';
import type { BulkUpdateResponse, Entitlements } from './types';

/** The answer to a bulk update: `{ ids: string[] }` (extra fields tolerated). */
export const BULK_UPDATE_RESPONSE_SCHEMA = bulkUpdateResponseSchema;

export interface CheckResult<T> {
  ok: boolean;
  value?: T;
  problems: ResponseProblem[];
  /** Paths of fields the schema does not know, ignored. */
  extras: string[];
}

export function checkEntitlements(body: unknown): CheckResult<Entitlements> {
  return check<Entitlements>(entitlementsValidate, body, 'entitlements');
}

export function checkBulkUpdateResponse(body: unknown): CheckResult<BulkUpdateResponse> {
  return check<BulkUpdateResponse>(bulkUpdateResponseValidate, body, 'bulk update response');
}

export function check<T>(validate: ValidateFunction, body: unknown, what: string): CheckResult<T> {
  validate(body);
  const errors = validate.errors ?? [];
  const extras: string[] = [];
  const problems: ResponseProblem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty?: string }).additionalProperty;
      extras.push(formatFieldPath([...pointerToPath(e.instancePath, body), ...(extra === undefined ? [] : [extra])]));
      continue;
    }
    // Composite keywords repeat what their branches already said.
    if (['if', 'then', 'else', 'anyOf', 'oneOf', 'allOf', 'not'].includes(e.keyword) && errors.length > 1) continue;
    const problem = describe(e, what, body);
    const key = `${problem.path.join('/')}|${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems.length === 0 ? { ok: true, value: body as T, problems, extras } : { ok: false, problems, extras };
}

function describe(e: ErrorObject, what: string, body: unknown): ResponseProblem {
  const path = pointerToPath(e.instancePath, body);
  const field = (p: (string | number)[]): string => (p.length === 0 ? `the ${what}` : `${what} field \`${formatFieldPath(p)}\``);
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': {
      const missing = [...path, String(params.missingProperty)];
      return { path: missing, message: `${field(missing)} is missing` };
    }
    case 'type': {
      const expected = String(params.type).split(',').map(typeName).join(' or ');
      return { path, message: `${field(path)} must be ${expected}, found ${describeValue(e.data)}` };
    }
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
      return { path, message: `${field(path)} must be one of ${allowed}, found ${JSON.stringify(e.data)}` };
    }
    case 'maxLength':
      return { path, message: `${field(path)} must be at most ${String(params.limit)} characters long` };
    case 'minLength':
      return { path, message: `${field(path)} must be at least ${String(params.limit)} characters long` };
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return { path, message: `${field(path)} ${e.message ?? 'is out of range'}, found ${JSON.stringify(e.data)}` };
    default:
      return { path, message: `${field(path)} ${e.message ?? 'is invalid'}` };
  }
}

function typeName(type: string): string {
  switch (type) {
    case 'integer':
      return 'an integer';
    case 'array':
      return 'a list';
    case 'object':
      return 'an object';
    case 'null':
      return 'null';
    default:
      return `a ${type}`;
  }
}

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return Number.isInteger(value) ? 'an integer' : 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}
