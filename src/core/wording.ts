// Words shared by every message the product writes: counts with their noun, and the "did you mean"
// suggestion. One implementation, so the diagnostic's suggestion and its quick fix always agree.

/**
 * A value as text: a string as it is, a number or boolean as written, null and undefined as
 * nothing, anything else as JSON (never "[object Object]").
 */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value == null) return '';
  return JSON.stringify(value) ?? '';
}

/** Made the first time a count is not a whole number: Intl's first formatter costs 8 ms of ICU set-up, a third of what `scan-targets validate` adds to starting Node. */
let formatter: Intl.NumberFormat | undefined;

/** 12345 -> "12,345", as `Intl.NumberFormat('en-US')` writes it. */
export function count(n: number): string {
  if (Number.isSafeInteger(n)) return (n < 0 ? '-' : '') + String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  formatter ??= new Intl.NumberFormat('en-US');
  return formatter.format(n);
}

/** "1 item", "3 items", "100,000 items" (grouped as {@link count} groups them). */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${count(n)} ${n === 1 ? word : many}`;
}

/** "the bulk update" -> "The bulk update" */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
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
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, prev2[j - 2]! + 1);
      }
      cur[j] = v;
    }
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
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
