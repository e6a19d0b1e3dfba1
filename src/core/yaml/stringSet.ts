// A set of strings in a table of its own (open addressing, linear probing), for the ids of a long
// list. Pure.
//
// Why not a Set: a long list's first read adds every id, and V8's Set takes longer over that (its
// table is rebuilt as it grows, a chain followed for each string) than a probe of a typed array,
// sized once for the list, that compares a string only where the stored hash is the same.

/** The FNV-1a hash of `value`, made odd: 0 marks an empty slot. */
function hashOf(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  return h | 1;
}

/** The table is made twice as large when more than this share of its slots is taken. */
const MAX_LOAD = 0.5;

export class StringSet {
  /** The hash of the string in each slot; 0 where the slot is empty. */
  private hashes = new Int32Array(16);
  private keys: (string | undefined)[] = new Array<string | undefined>(16).fill(undefined);
  private count = 0;

  get size(): number {
    return this.count;
  }

  has(value: string): boolean {
    return this.hashes[this.slotFor(value, hashOf(value))] !== 0;
  }

  /** Makes room for `size` strings in all, so that adding that many rebuilds the table at most once. */
  reserve(size: number): void {
    let slots = this.hashes.length;
    while (size > slots * MAX_LOAD) slots *= 2;
    if (slots > this.hashes.length) this.rebuild(slots);
  }

  /** Adds `value`; true when it was not held yet. */
  add(value: string): boolean {
    const hash = hashOf(value);
    const slot = this.slotFor(value, hash);
    if (this.hashes[slot] !== 0) return false;
    this.hashes[slot] = hash;
    this.keys[slot] = value;
    if (++this.count > this.hashes.length * MAX_LOAD) this.rebuild(this.hashes.length * 2);
    return true;
  }

  /** Removes `value`; true when it was held. */
  delete(value: string): boolean {
    const { hashes, keys } = this;
    let hole = this.slotFor(value, hashOf(value));
    if (hashes[hole] === 0) return false;
    const mask = hashes.length - 1;
    // Backward-shift deletion: each string after the hole that would not be found past it (its
    // home slot lies outside the part of the run from the hole to it) moves into the hole.
    for (let slot = (hole + 1) & mask; hashes[slot] !== 0; slot = (slot + 1) & mask) {
      const home = hashes[slot]! & mask;
      const reachable = hole <= slot ? home > hole && home <= slot : home > hole || home <= slot;
      if (reachable) continue;
      hashes[hole] = hashes[slot]!;
      keys[hole] = keys[slot];
      hole = slot;
    }
    hashes[hole] = 0;
    keys[hole] = undefined;
    this.count--;
    return true;
  }

  /** The slot holding `value`, or the empty slot where it would go. */
  private slotFor(value: string, hash: number): number {
    const { hashes, keys } = this;
    const mask = hashes.length - 1;
    let slot = hash & mask;
    while (hashes[slot] !== 0 && !(hashes[slot] === hash && keys[slot] === value)) slot = (slot + 1) & mask;
    return slot;
  }

  private rebuild(size: number): void {
    const { hashes, keys } = this;
    this.hashes = new Int32Array(size);
    this.keys = new Array<string | undefined>(size).fill(undefined);
    for (let old = 0; old < hashes.length; old++) {
      if (hashes[old] === 0) continue;
      const slot = this.slotFor(keys[old]!, hashes[old]!);
      this.hashes[slot] = hashes[old]!;
      this.keys[slot] = keys[old];
    }
  }
}
