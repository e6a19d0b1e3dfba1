// Wording shared by the checkers: how types, values and allowed values are named to people (the
// counts and the "did you mean" suggestions are ../wording.ts).

import { valueText } from '../wording';

/** How a JSON Schema type is named in a message ("must be a string or null"). */
export function typeName(type: string): string {
  switch (type) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'integer':
      return 'a whole number';
    case 'boolean':
      return 'true or false';
    case 'object':
      return 'a mapping (key: value lines)';
    case 'array':
      return 'a list';
    case 'null':
      return 'null';
    default:
      return type;
  }
}

/** How a value found in the file is named ("found a number"). Never shows string content. */
export function describeFound(value: unknown): string {
  if (value === null || value === undefined) {
    return 'an empty value';
  }
  if (Array.isArray(value)) {
    return 'a list';
  }
  switch (typeof value) {
    case 'string':
      return value === '' ? 'an empty string' : 'a string';
    case 'number':
      return Number.isInteger(value) ? 'a number' : 'a decimal number';
    case 'bigint':
      return 'a number';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return 'a mapping';
    default:
      return typeof value;
  }
}

/** "a, b or c" */
export function joinOr(items: readonly string[]): string {
  if (items.length <= 1) {
    return items.join('');
  }
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** An allowed value as written in YAML (strings bare, as in "must be one of: pdf, docx"). */
export function formatAllowed(value: unknown): string {
  if (typeof value === 'string') {
    return value === '' ? '""' : value;
  }
  if (value === null) {
    return 'null';
  }
  return valueText(value);
}

/** A value quoted for a message, shortened to `max` characters. */
export function quote(value: unknown, max = 60): string {
  const s = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const short = s.length > max ? `${s.slice(0, max - 1)}…` : s;
  return JSON.stringify(short);
}

/** Characters of a string as JSON Schema counts them (code points, as Ajv does). */
export function characterCount(s: string): number {
  let n = 0;
  for (const _ of s) {
    n++;
  }
  return n;
}

/**
 * People-readable form of a pattern that is one character class (`^[a-zA-Z0-9#_-]*$`): "letters,
 * digits and the characters # _ -". `undefined` for any other pattern.
 */
export function describeCharacterClass(pattern: string): string | undefined {
  const inside = /^\^\[([^\]^\\]|\\.)+\][*+]\$$/.test(pattern) ? /^\^\[(.+)\][*+]\$$/.exec(pattern)?.[1] : undefined;
  if (inside === undefined) {
    return undefined;
  }
  let body = inside;
  const parts: string[] = [];
  const take = (re: RegExp, label: string): void => {
    if (re.test(body)) {
      parts.push(label);
      body = body.replace(re, '');
    }
  };
  if (/a-z/.test(body) && /A-Z/.test(body)) {
    take(/a-z/, 'letters');
    body = body.replace(/A-Z/, '');
  } else {
    take(/a-z/, 'lower-case letters');
    take(/A-Z/, 'upper-case letters');
  }
  take(/0-9/, 'digits');
  if (/[a-zA-Z0-9]-[a-zA-Z0-9]/.test(body)) {
    return undefined; // another range: not worth wording
  }
  const chars = [...body.replace(/\\(.)/g, '$1')];
  if (chars.length > 0) {
    parts.push(`the characters ${chars.join(' ')}`);
  }
  return joinAnd(parts);
}

function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) {
    return items.join('');
  }
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
