// Turns Ajv's errors into findings for people: the field named by its dotted path, what is wrong
// and what is allowed; one error per problem (the best `anyOf`/`oneOf` branch only, `if`/`then`
// failures as "X is required when Y is true", no cascades), never Ajv's own wording or schema paths.

import type { ErrorObject } from 'ajv';
import type { DiagnosticData } from '../diagnostic';
import { formatFieldPath, pointerToPath, type PathSegment } from '../paths';
import type { Finding } from './finding';
import { characterCount, describeCharacterClass, describeFound, formatAllowed, joinOr, quote, typeName } from './messages';
import { closestName, plural } from '../wording';
import type { SchemaIndex } from './schemaIndex';

type SchemaObject = Record<string, unknown>;

function isObject(v: unknown): v is SchemaObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** True when pointer `inner` is `outer` or below it. */
function isUnder(inner: string, outer: string): boolean {
  return inner === outer || inner.startsWith(`${outer}/`);
}

function depthOf(pointer: string): number {
  return pointer === '' ? 0 : pointer.split('/').length - 1;
}

const COMBINATORS = new Set(['anyOf', 'oneOf']);

/**
 * For each failed `anyOf`/`oneOf`, keeps the errors of the branch that matches best and drops the
 * others and the combinator's own error. When every branch fails only on its type, the branches'
 * type errors are merged into one ("must be a string or a list"), returned in `merged`.
 */
function pickBranches(errors: readonly ErrorObject[], index: SchemaIndex, removed: Set<ErrorObject>): ErrorObject[] {
  const merged: ErrorObject[] = [];
  const combinators = errors.filter((e) => COMBINATORS.has(e.keyword)).sort((a, b) => depthOf(a.instancePath) - depthOf(b.instancePath));
  for (const c of combinators) {
    if (removed.has(c)) {
      continue;
    }
    removed.add(c);
    const branches = Array.isArray(c.schema) ? (c.schema as unknown[]) : [];
    const candidates = errors.filter((e) => e !== c && !removed.has(e) && isUnder(e.instancePath, c.instancePath));
    const members: ErrorObject[][] = branches.map((branch) => {
      if (!isObject(branch)) {
        return [];
      }
      const closure = index.closure(branch);
      return candidates.filter((e) => closure.has(e.parentSchema as object));
    });
    const passing = (c.params as { passingSchemas?: unknown }).passingSchemas;
    if (members.every((m) => m.length === 0) || (c.keyword === 'oneOf' && Array.isArray(passing))) {
      merged.push(c); // translated on its own: no branch to report
      continue;
    }
    const onlyTypes = members.every((m) => m.length > 0 && m.every((e) => e.keyword === 'type' && e.instancePath === c.instancePath));
    const first = members[0]?.[0];
    if (onlyTypes && first !== undefined) {
      const types = new Set<string>();
      for (const m of members) {
        for (const e of m) {
          for (const t of typesOf(e)) {
            types.add(t);
          }
          removed.add(e);
        }
      }
      merged.push({ ...first, params: { type: [...types] } });
      continue;
    }
    const score = (m: ErrorObject[]): number => {
      let s = m.length;
      for (const e of m) {
        if (e.keyword === 'type' && e.instancePath === c.instancePath) {
          s += 1000; // the value is not even of this branch's type
        } else if ((e.keyword === 'const' || e.keyword === 'enum') && depthOf(e.instancePath) <= depthOf(c.instancePath) + 1) {
          s += 100; // a discriminating value does not match
        }
      }
      return s;
    };
    // The first of the lowest-scoring branches.
    const best = members.reduce((a, b) => (score(b) < score(a) ? b : a));
    const keep = new Set(best);
    for (const m of members) {
      for (const e of m) {
        if (!keep.has(e)) {
          removed.add(e);
        }
      }
    }
  }
  return merged;
}

function typesOf(e: ErrorObject): string[] {
  const t = (e.params as { type?: unknown }).type;
  if (Array.isArray(t)) {
    return t.map(String);
  }
  return typeof t === 'string' ? t.split(',') : [];
}

/** Words for an `if` schema ("site.has_basic_auth is true"), relative to the path it applies at. */
export function describeCondition(schema: unknown, path: readonly PathSegment[], index: SchemaIndex): string | undefined {
  const parts: string[] = [];
  const visit = (s: unknown, at: readonly PathSegment[], depth: number): void => {
    const o = index.deref(s);
    if (o === undefined || depth > 6) {
      return;
    }
    if ('const' in o) {
      parts.push(`${formatFieldPath(at)} is ${formatAllowed(o.const)}`);
    } else if (Array.isArray(o.enum)) {
      parts.push(
        o.enum.length === 1
          ? `${formatFieldPath(at)} is ${formatAllowed(o.enum[0])}`
          : `${formatFieldPath(at)} is one of ${o.enum.map(formatAllowed).join(', ')}`,
      );
    } else if (o.minLength === 1 && at.length > 0) {
      parts.push(`${formatFieldPath(at)} is not empty`);
    }
    const props = isObject(o.properties) ? o.properties : {};
    for (const [name, sub] of Object.entries(props)) {
      visit(sub, [...at, name], depth + 1);
    }
    if (Array.isArray(o.required)) {
      for (const name of o.required) {
        if (typeof name === 'string' && !(name in props)) {
          parts.push(`${formatFieldPath([...at, name])} is set`);
        }
      }
    }
    if (Array.isArray(o.allOf)) {
      for (const sub of o.allOf) {
        visit(sub, at, depth + 1);
      }
    }
  };
  visit(schema, path, 0);
  return parts.length > 0 ? parts.join(' and ') : undefined;
}

/** Translates Ajv's errors for one document value into findings. */
export function translateAjvErrors(errors: readonly ErrorObject[], value: unknown, index: SchemaIndex): Finding[] {
  const removed = new Set<ErrorObject>();
  const extra = pickBranches(errors, index, removed);

  // `if`/`then`/`else`: the branch's errors get the condition ("when ..." / "unless ..."); the
  // generic "must match then schema" goes.
  const conditions = new Map<ErrorObject, string | undefined>();
  for (const e of errors) {
    if (e.keyword !== 'if' || removed.has(e)) {
      continue;
    }
    removed.add(e);
    const holder: unknown = e.parentSchema;
    const failing = (e.params as { failingKeyword?: string }).failingKeyword === 'else' ? 'else' : 'then';
    const branch = isObject(holder) ? holder[failing] : undefined;
    if (!isObject(branch)) {
      continue;
    }
    const described = describeCondition(isObject(holder) ? holder.if : undefined, pointerToPath(e.instancePath, value), index);
    const condition = described === undefined ? undefined : `${failing === 'else' ? 'unless' : 'when'} ${described}`;
    const members = index.closure(branch);
    for (const m of errors) {
      if (m !== e && !removed.has(m) && isUnder(m.instancePath, e.instancePath) && members.has(m.parentSchema as object)) {
        if (!conditions.has(m)) {
          conditions.set(m, condition);
        }
      }
    }
  }

  // A value of the wrong type: its other errors (enum, pattern, ...) are noise.
  const typeErrorAt = new Set<string>();
  for (const e of [...errors, ...extra]) {
    if (e.keyword === 'type' && !removed.has(e)) {
      typeErrorAt.add(e.instancePath);
    }
  }

  const findings: Finding[] = [];
  for (const e of [...errors.filter((x) => !removed.has(x)), ...extra]) {
    if (e.keyword !== 'type' && typeErrorAt.has(e.instancePath) && e.keyword !== 'required') {
      continue;
    }
    const f = translate(e, value, index, conditions.get(e), conditions.has(e));
    if (f !== undefined) {
      findings.push(f);
    }
  }
  return findings;
}

function translate(e: ErrorObject, root: unknown, index: SchemaIndex, condition: string | undefined, conditional: boolean): Finding | undefined {
  const path = pointerToPath(e.instancePath, root);
  const field = formatFieldPath(path);
  const params = e.params as Record<string, unknown>;
  const data: unknown = e.data;
  const parent = e.parentSchema;
  switch (e.keyword) {
    case 'required':
    case 'dependencies':
    case 'dependentRequired': {
      const missing = String(params.missingProperty);
      const target = [...path, missing];
      const def = index.propertySchema(parent, missing)?.default;
      const extraData: DiagnosticData = { missingProperty: missing };
      if (def !== undefined) {
        extraData.defaultValue = def;
      }
      if (e.keyword !== 'required') {
        const because = `${formatFieldPath([...path, String(params.property)])} is set`;
        return {
          code: 'conditional-required',
          message: `${formatFieldPath(target)} is required when ${because}`,
          path: target,
          anchor: 'parent-key',
          data: { ...extraData, condition: because },
        };
      }
      if (conditional) {
        return {
          code: 'conditional-required',
          message:
            condition !== undefined
              ? `${formatFieldPath(target)} is required ${condition}`
              : `${formatFieldPath(target)} is required by the other settings of ${field}`,
          path: target,
          anchor: 'parent-key',
          data: condition !== undefined ? { ...extraData, condition: condition.replace(/^(when|unless) /, '') } : extraData,
        };
      }
      return {
        code: 'missing-property',
        message: `${formatFieldPath(target)} is required`,
        path: target,
        anchor: 'parent-key',
        data: extraData,
      };
    }
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const known = index.propertyNames(parent);
      const present = isObject(data) ? new Set(Object.keys(data)) : new Set<string>();
      const suggestion = closestName(
        name,
        known.filter((k) => !present.has(k)),
      );
      const target = [...path, name];
      const of = path.length === 0 ? '' : ` of ${field}`;
      let message = `${formatFieldPath(target)} is not a known field${of}`;
      if (suggestion !== undefined) {
        message += `; did you mean ${suggestion}?`;
      } else if (known.length > 0 && known.length <= 8) {
        message += `; the fields here are: ${known.join(', ')}`;
      }
      return {
        code: 'unknown-property',
        message,
        path: target,
        anchor: 'key',
        data: suggestion !== undefined ? { suggestion } : undefined,
      };
    }
    case 'propertyNames': {
      const name = String(params.propertyName);
      return {
        code: 'invalid-value',
        message: `${formatFieldPath([...path, name])} is not an allowed field name here`,
        path: [...path, name],
        anchor: 'key',
      };
    }
    case 'type': {
      const expected = typesOf(e);
      let message = `${field} must be ${joinOr(expected.map(typeName))}, found ${describeFound(data)}`;
      if (expected.includes('string') && (typeof data === 'number' || typeof data === 'boolean')) {
        message += '; put it in quotes to keep it as text';
      }
      return { code: 'invalid-type', message, path, anchor: 'value', data: { expected } };
    }
    case 'enum':
    case 'const': {
      const allowed = e.keyword === 'const' ? [params.allowedValue] : ((params.allowedValues as unknown[]) ?? []);
      const strings = allowed.filter((a): a is string => typeof a === 'string');
      const suggestion = typeof data === 'string' ? (strings.find((a) => a.toLowerCase() === data.toLowerCase()) ?? closestName(data, strings)) : undefined;
      const list = allowed.map(formatAllowed);
      let message = allowed.length === 1 ? `${field} must be ${list[0]}` : `${field} must be one of: ${list.join(', ')}`;
      if (data !== null && typeof data !== 'object') {
        message += `, found ${quote(data)}`;
      }
      if (suggestion !== undefined && suggestion !== data) {
        message += `; did you mean ${suggestion}?`;
      }
      const d: DiagnosticData = { allowed };
      if (suggestion !== undefined) {
        d.suggestion = suggestion;
      }
      return { code: 'invalid-enum', message, path, anchor: 'value', data: d };
    }
    case 'maxLength':
    case 'minLength':
    case 'maxItems':
    case 'minItems': {
      const limit = Number(params.limit);
      const ofString = e.keyword.endsWith('Length');
      const count = ofString ? (typeof data === 'string' ? characterCount(data) : 0) : Array.isArray(data) ? data.length : 0;
      const unit = ofString ? 'character' : 'item';
      const size = `${field} ${ofString ? 'is' : 'has'} ${plural(count, unit)}`;
      const tooLong = e.keyword.startsWith('max');
      const message = tooLong
        ? `${size}, the limit is ${limit}`
        : count === 0
          ? `${field} is empty; it needs at least ${plural(limit, unit)}`
          : `${size}, it needs at least ${limit}`;
      return { code: tooLong ? 'too-long' : 'too-short', message, path, anchor: 'value', data: { limit } };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const limit = Number(params.limit);
      const rule =
        e.keyword === 'minimum'
          ? `the minimum is ${limit}`
          : e.keyword === 'maximum'
            ? `the maximum is ${limit}`
            : e.keyword === 'exclusiveMinimum'
              ? `it must be greater than ${limit}`
              : `it must be less than ${limit}`;
      return { code: 'out-of-range', message: `${field} is ${String(data)}, ${rule}`, path, anchor: 'value', data: { limit } };
    }
    case 'multipleOf':
      return {
        code: 'invalid-value',
        message: `${field} must be a multiple of ${String(params.multipleOf)}, found ${String(data)}`,
        path,
        anchor: 'value',
      };
    case 'pattern': {
      const pattern = String(params.pattern);
      const chars = describeCharacterClass(pattern);
      return {
        code: 'invalid-pattern',
        message: chars !== undefined ? `${field} may only contain ${chars}` : `${field} does not have the form this field requires (pattern ${pattern})`,
        path,
        anchor: 'value',
        data: { pattern },
      };
    }
    case 'format':
      return {
        code: 'invalid-format',
        message: `${field} must be ${formatName(String(params.format))}`,
        path,
        anchor: 'value',
        data: { format: params.format },
      };
    case 'uniqueItems': {
      // Ajv reports the pair (i, j) with j > i: the later copy is marked.
      const i = Number(params.i);
      const j = Number(params.j);
      const later = Math.max(i, j);
      const earlier = Math.min(i, j);
      return {
        code: 'duplicate-item',
        message: `${formatFieldPath([...path, later])} repeats ${formatFieldPath([...path, earlier])}; the items of ${field} must all differ`,
        path: [...path, later],
        anchor: 'value',
        data: { firstIndex: earlier },
      };
    }
    case 'minProperties':
    case 'maxProperties': {
      const limit = Number(params.limit);
      const wording = e.keyword === 'minProperties' ? 'at least' : 'at most';
      return { code: 'invalid-value', message: `${field} must have ${wording} ${plural(limit, 'field')}`, path, anchor: 'value' };
    }
    case 'contains':
      return { code: 'invalid-value', message: `${field} must contain at least one item of the required form`, path, anchor: 'value' };
    case 'anyOf':
    case 'oneOf':
      if (Array.isArray(params.passingSchemas)) {
        return {
          code: 'invalid-value',
          message: `${field} fits more than one of the allowed forms; make it match exactly one`,
          path,
          anchor: 'value',
        };
      }
      return { code: 'invalid-value', message: `${field} does not have any of the allowed forms`, path, anchor: 'value' };
    case 'false schema':
      return { code: 'invalid-value', message: `${field} is not allowed here`, path, anchor: path.length > 0 ? 'key' : 'value' };
    case 'not':
      return { code: 'invalid-value', message: `${field} has a value that is not allowed here`, path, anchor: 'value' };
    default:
      return { code: 'invalid-value', message: `${field} is not valid here`, path, anchor: 'value' };
  }
}

function formatName(format: string): string {
  switch (format) {
    case 'uri':
      return 'an absolute URL, such as https://example.com/login';
    case 'uri-reference':
      return 'a URL or a path';
    case 'email':
      return 'an email address';
    case 'date-time':
      return 'a date and time such as 2025-01-31T22:00:00Z';
    case 'date':
      return 'a date such as 2025-01-31';
    case 'time':
      return 'a time such as 22:00:00Z';
    case 'hostname':
      return 'a host name';
    case 'ipv4':
      return 'an IPv4 address';
    case 'ipv6':
      return 'an IPv6 address';
    case 'uuid':
      return 'a UUID';
    case 'regex':
      return 'a regular expression';
    default:
      return `a valid ${format}`;
  }
}
