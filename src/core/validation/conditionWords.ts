// Words for the condition of an `if`/`then`/`else` ("site.has_basic_auth is true"), so that a
// failure inside `then` reads "X is required when Y is true". Apart from the error shaping because
// it reads the schema, not Ajv's errors.

import { formatFieldPath, type PathSegment } from '../paths';
import { formatAllowed } from './messages';
import type { SchemaIndex } from './schemaIndex';
import { isRecord } from '../records';

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
    const props = isRecord(o.properties) ? o.properties : {};
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
