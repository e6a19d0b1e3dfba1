// The items of a long `ids` list the fast path built, made when they are asked for. A node per id
// would take more memory than the rest of the list (fastIds.ts keeps the values and where each id
// is); the features that look at one id (a diagnostic's range, the item under the cursor) ask for
// that one, and only something that reads the list's `items` as the `yaml` package has them gets
// every node, made then. Pure.

import type { YAMLSeq } from 'yaml';

/** The items of a list, by index. */
export interface ListItems {
  readonly length: number;
  /** Item `i` (`0 <= i < length`): the same object on each call while the list stays where it is. */
  item(i: number): unknown;
}

/**
 * Makes `seq.items` the list's items, made on first read; `make(i)` makes item `i`. `place()`
 * says where the list is: when it changes (the document moved in the file, see moveScan), the
 * items made before are dropped, as their ranges are no longer right.
 */
export function lazyItems(seq: YAMLSeq, length: number, make: (i: number) => unknown, place: () => number): ListItems {
  let madeAt = place();
  let made = new Map<number, unknown>();
  let all: unknown[] | undefined;
  const current = (): void => {
    if (place() === madeAt) return;
    madeAt = place();
    made = new Map();
    all = undefined;
  };
  const item = (i: number): unknown => {
    current();
    if (all !== undefined) return all[i];
    let node = made.get(i);
    if (node === undefined && Number.isInteger(i) && i >= 0 && i < length) {
      node = make(i);
      made.set(i, node);
    }
    return node;
  };
  Object.defineProperty(seq, 'items', {
    configurable: true,
    enumerable: true,
    get(): unknown[] {
      current();
      if (all === undefined) {
        all = new Array<unknown>(length);
        for (let i = 0; i < length; i++) all[i] = made.get(i) ?? make(i);
        made = new Map();
      }
      return all;
    },
    // Whoever sets the items makes them a plain array again.
    set(items: unknown[]) {
      Object.defineProperty(seq, 'items', { configurable: true, enumerable: true, writable: true, value: items });
    },
  });
  return { length, item };
}
