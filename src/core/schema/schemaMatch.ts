// Whether document data satisfies a schema, as the navigator needs it to decide which
// `if`/`then`/`else` branch and which `anyOf`/`oneOf` members apply. Apart from the navigator:
// it is a small evaluator of its own, not a walk along a path.

import type { Instance } from './instance';
import { jsonType, type SchemaNode } from './schemaNode';
import type { SchemaRefs } from './schemaRefs';
import { safeRegExp } from './schemaRegExp';

/**
 * Whether `instance` satisfies `schema`, for conditions: `const`, `enum`, `type`, `required`,
 * `properties`, string and number limits, `pattern`, `not`, `allOf`, `anyOf`, `oneOf`. Other
 * keywords are taken as satisfied. Unlike JSON Schema, `required` fails on a non-object, so
 * "when `has_otp` is set to true" does not hold for an empty (`null`) mapping.
 */
export function matchesSchema(refs: SchemaRefs, schema: SchemaNode, instance: Instance): boolean {
  const s = refs.resolve(schema);
  const value = instance.kind === 'scalar' ? instance.scalar : undefined;
  if (s.const !== undefined && (instance.kind !== 'scalar' || value !== s.const)) {
    return false;
  }
  if (s.enum !== undefined && (instance.kind !== 'scalar' || !s.enum.includes(value))) {
    return false;
  }
  const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? (s.type as string[]) : undefined;
  if (types !== undefined) {
    const actual = instance.kind === 'scalar' ? jsonType(value) : instance.kind;
    if (!types.includes(actual) && !(actual === 'integer' && types.includes('number'))) {
      return false;
    }
  }
  if (s.required !== undefined && s.required.length > 0 && instance.kind !== 'object') {
    // JSON Schema lets `required` pass on a non-object; a condition "F is set" should not.
    return false;
  }
  if (instance.kind === 'object') {
    for (const name of s.required ?? []) {
      if (instance.property(name) === undefined) {
        return false;
      }
    }
    for (const [name, sub] of Object.entries(s.properties ?? {})) {
      const child = instance.property(name);
      if (child !== undefined && !matchesSchema(refs, sub, child)) {
        return false;
      }
    }
  }
  if (typeof value === 'string') {
    if (s.minLength !== undefined && [...value].length < s.minLength) return false;
    if (s.maxLength !== undefined && [...value].length > s.maxLength) return false;
    if (s.pattern !== undefined && safeRegExp(s.pattern, 'u')?.test(value) === false) return false;
  }
  if (typeof value === 'number') {
    if (s.minimum !== undefined && value < s.minimum) return false;
    if (s.maximum !== undefined && value > s.maximum) return false;
  }
  if (s.not !== undefined && matchesSchema(refs, s.not, instance)) return false;
  if (s.allOf !== undefined && !s.allOf.every((m) => matchesSchema(refs, m, instance))) return false;
  if (s.anyOf !== undefined && !s.anyOf.some((m) => matchesSchema(refs, m, instance))) return false;
  if (s.oneOf !== undefined && s.oneOf.filter((m) => matchesSchema(refs, m, instance)).length !== 1) return false;
  return true;
}
