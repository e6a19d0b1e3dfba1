// A small seeded pseudo-random generator, so the sandbox's target ids and its random faults are
// the same on every run (tests and screenshots can name them).

/** mulberry32: 32-bit state, good enough spread for ids and fault dice; returns [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DEFAULT_ID_SEED = 20240601;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `count` distinct 12-character alphanumeric ids, the same for the same seed: the first id of
 * the default seed is always the same string.
 */
export function sandboxTargetIds(count: number, seed: number = DEFAULT_ID_SEED): string[] {
  const random = mulberry32(seed);
  const ids: string[] = [];
  const seen = new Set<string>();
  while (ids.length < count) {
    let id = '';
    for (let i = 0; i < 12; i++) id += ALPHABET[Math.floor(random() * ALPHABET.length)];
    if (seen.has(id)) continue;
    seen.add(id);
    ids.push(id);
  }
  return ids;
}
