// The finding for one Ajv error, worded per keyword (`required`, `type`, `enum`, limits,
// `pattern`, `format`, ...): the field by its dotted path, what is wrong and what is allowed.
// Apart from ajvErrors.ts, which decides which errors are reported and under what condition.

import type { ErrorObject } from 'ajv';
import type { DiagnosticData } from '../diagnostic';
import { formatFieldPath, pointerToPath } from '../paths';
import { closestName, plural } from '../wording';
import type { Finding } from './finding';
import { characterCount, describeCharacterClass, describeFound, formatAllowed, joinOr, quote, typeName } from './messages';
import type { SchemaIndex } from './schemaIndex';
import { isRecord } from '../records';

/** The types an error of keyword `type` names (Ajv gives a list or a comma-separated string). */
export function errorTypes(e: ErrorObject): string[] {
  const t = (e.params as { type?: unknown }).type;
  if (Array.isArray(t)) {
    return t.map(String);
  }
  return typeof t === 'string' ? t.split(',') : [];
}

/** Translates one Ajv error into a finding; `condition` words the `if` a `then`/`else` error comes from. */
export function translateError(e: ErrorObject, root: unknown, index: SchemaIndex, condition: string | undefined, conditional: boolean): Finding | undefined {
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
      const present = isRecord(data) ? new Set(Object.keys(data)) : new Set<string>();
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
      const expected = errorTypes(e);
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
