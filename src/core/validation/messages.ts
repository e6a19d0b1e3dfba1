// Wording shared by the checkers: how types, values and allowed values are named to people, and
// "did you mean" suggestions.

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
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A value quoted for a message, shortened to `max` characters. */
export function quote(value: unknown, max = 60): string {
  const s = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
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

/** "1 item", "3 items" */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** Names compared for suggestions: lower case, without `_`, `-`, spaces and dots. */
function normalize(name: string): string {
  return name.toLowerCase().replace(/[-_\s.]/g, '');
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function editDistance(a: string, b: string): number {
  if (a === b) {
    return 0;
  }
  const m = a.length;
  const n = b.length;
  if (m === 0 || n === 0) {
    return Math.max(m, n);
  }
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, prev2[j - 2] + 1);
      }
      cur[j] = v;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}

/**
 * The known name closest to `name`, if one is close enough to be a likely typo: the same apart
 * from case, `-`/`_`; or within a small edit distance (1 for names up to 4 characters, 2 up to 8,
 * 3 beyond). Ties go to the name closest as written, then to the first in `known`.
 */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  const target = normalize(name);
  if (target === '') {
    return undefined;
  }
  const allowed = target.length <= 4 ? 1 : target.length <= 8 ? 2 : 3;
  let best: string | undefined;
  let bestScore = Infinity;
  let bestRaw = Infinity;
  for (const candidate of known) {
    if (candidate === name) {
      continue;
    }
    const score = editDistance(target, normalize(candidate));
    if (score > allowed) {
      continue;
    }
    const raw = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (score < bestScore || (score === bestScore && raw < bestRaw)) {
      best = candidate;
      bestScore = score;
      bestRaw = raw;
    }
  }
  return best;
}

/**
 * People-readable form of a pattern that is one character class (`^[a-zA-Z0-9#_-]*$`): "letters,
 * digits and the characters # _ -". `undefined` for any other pattern.
 */
export function describeCharacterClass(pattern: string): string | undefined {
  const m = /^\^\[([^\]^\\]|\\.)+\][*+]\$$/.test(pattern) ? /^\^\[(.+)\][*+]\$$/.exec(pattern) : null;
  if (!m) {
    return undefined;
  }
  let body = m[1];
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
