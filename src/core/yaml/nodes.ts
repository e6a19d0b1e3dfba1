// Finding nodes in a parsed document: by path (for diagnostics, hover, quick fixes) and by offset
// (for completion, hover, selection -> ids). Both only walk the one path they need: O(depth) with a
// binary search in each collection, so they stay fast on a document with 100,000 ids.

import { isAlias, isCollection, isMap, isNode, isPair, isScalar, isSeq, type Document, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import type { PathSegment, YamlPath } from '../paths';
import { valueText } from '../wording';
import { fastListOf, indexesOfParsedItems, indexesOutside } from './fastIds';

/** A half-open range of offsets `[start, end)` into the file text. */
export interface OffsetRange {
  readonly start: number;
  readonly end: number;
}

/** `[start, end)` of a node's value (trailing comments excluded); `undefined` if it has no range. */
export function nodeRange(node: Node | null | undefined): OffsetRange | undefined {
  const r = node?.range;
  return r ? { start: r[0], end: r[1] } : undefined;
}

/** The mapping key a node stands for, as a string (what `toJS` uses as the property name). */
export function keyName(key: unknown): string | undefined {
  if (isScalar(key)) {
    return valueText(key.value);
  }
  if (key === null || key === undefined) {
    return '';
  }
  return undefined;
}

/** What {@link nodeAtPath} found. */
export interface NodeAtPath {
  /**
   * The key node, when the last segment names a key of a mapping (`null` for a sequence item and
   * for the document root).
   */
  readonly key: Node | null;
  /** Range of {@link key}. */
  readonly keyRange: OffsetRange | undefined;
  /** The value node; `null` when the mapping entry has no value node (e.g. `{ key }`). */
  readonly value: Node | null;
  /** Range of {@link value}. */
  readonly valueRange: OffsetRange | undefined;
  /** The mapping entry, when the last segment names a key. */
  readonly pair: Pair | undefined;
  /** The collection holding the node; `null` for the document root. */
  readonly parent: YAMLMap | YAMLSeq | null;
}

// Mappings with many keys get a name -> pair index on first lookup.
const INDEX_THRESHOLD = 32;
const mapIndexes = new WeakMap<YAMLMap, Map<string, Pair>>();

/**
 * The entry of a mapping named `name`; the last one when the key is repeated (as in `toJS`, the
 * last value wins).
 */
export function findPair(map: YAMLMap, name: string): Pair | undefined {
  const items = map.items;
  if (items.length > INDEX_THRESHOLD) {
    let index = mapIndexes.get(map);
    if (index === undefined) {
      index = new Map();
      for (const pair of items) {
        const k = keyName(pair.key);
        if (k !== undefined) {
          index.set(k, pair);
        }
      }
      mapIndexes.set(map, index);
    }
    return index.get(name);
  }
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (keyName(item.key) === name) {
      return item;
    }
  }
  return undefined;
}

/**
 * The node at `path` in `doc`: its key node and value node, with ranges. Sequence indices may be
 * numbers or numeric strings (as decoded from a JSON pointer). Aliases are not followed: a path
 * through an alias is not found (use {@link deepestNodeAtPath} to stop at the alias).
 *
 * @returns `undefined` when the path does not exist in the document.
 */
export function nodeAtPath(doc: Document, path: YamlPath): NodeAtPath | undefined {
  const deepest = deepestNodeAtPath(doc, path);
  return deepest.depth === path.length ? deepest.found : undefined;
}

/**
 * Like {@link nodeAtPath}, but for a path that does not exist (entirely) it returns the deepest
 * node that does: `depth` segments of `path` were found. With depth 0, `found` is the root.
 * Stops at an alias node on the way.
 */
export function deepestNodeAtPath(doc: Document, path: YamlPath): { found: NodeAtPath; depth: number } {
  const root = isNode(doc.contents) ? doc.contents : null;
  let found: NodeAtPath = {
    key: null,
    keyRange: undefined,
    value: root,
    valueRange: nodeRange(root),
    pair: undefined,
    parent: null,
  };
  let depth = 0;
  for (const segment of path) {
    const current = found.value;
    if (isMap(current)) {
      const pair = findPair(current, String(segment));
      if (pair === undefined) {
        break;
      }
      const key = isNode(pair.key) ? pair.key : null;
      const value = isNode(pair.value) ? pair.value : null;
      found = {
        key,
        keyRange: nodeRange(key),
        value,
        valueRange: nodeRange(value),
        pair,
        parent: current,
      };
    } else if (isSeq(current)) {
      const index = typeof segment === 'number' ? segment : /^\d+$/.test(segment) ? Number(segment) : NaN;
      const item = collectionItems(current).at(index);
      if (!Number.isInteger(index) || item === undefined) {
        break;
      }
      if (isPair(item)) {
        // A single-pair mapping written inline in a sequence (`- [a: 1]`): treat as its value.
        const value = isNode(item.value) ? item.value : null;
        found = { key: null, keyRange: undefined, value, valueRange: nodeRange(value), pair: item, parent: current };
      } else {
        const value = isNode(item) ? item : null;
        found = { key: null, keyRange: undefined, value, valueRange: nodeRange(value), pair: undefined, parent: current };
      }
    } else {
      break;
    }
    depth++;
  }
  return { found, depth };
}

/** What {@link pathAtOffset} found. */
export interface PathAtOffset {
  /** Path of the deepest node containing the offset. */
  readonly path: PathSegment[];
  /**
   * `key` when the offset is on a mapping key (the last segment is that key); `value` when it is
   * in a value or between a key and its value (e.g. right after `name: `); for an offset inside a
   * collection but on no item (a blank line, a `- ` dash), `value` with the collection's path.
   */
  readonly kind: 'key' | 'value';
  /** The key node when `kind` is `key`, else the value node (may be `null`, as in `name:`). */
  readonly node: Node | null;
  /** The mapping entry the offset is in, if any. */
  readonly pair: Pair | undefined;
  /** The collection holding {@link node}; `null` at the root. */
  readonly parent: YAMLMap | YAMLSeq | null;
}

/** Start offset of a collection item (a pair starts at its key, or at its value without one). */
export function itemStart(item: unknown): number | undefined {
  if (isPair(item)) {
    return (isNode(item.key) ? item.key.range?.[0] : undefined) ?? (isNode(item.value) ? item.value.range?.[0] : undefined);
  }
  return isNode(item) ? item.range?.[0] : undefined;
}

/** End offset (exclusive) of a collection item's value. */
export function itemEnd(item: unknown): number | undefined {
  if (isPair(item)) {
    return (isNode(item.value) ? item.value.range?.[1] : undefined) ?? (isNode(item.key) ? item.key.range?.[1] : undefined);
  }
  return isNode(item) ? item.range?.[1] : undefined;
}

/** The items of a collection, by index. */
export interface CollectionItems {
  readonly length: number;
  at(i: number): unknown;
}

/**
 * The items of a collection. Those of a long `ids` list the fast path built are made when asked
 * for: looking at a few of them does not make them all (reading `items` does).
 */
export function collectionItems(collection: YAMLMap | YAMLSeq): CollectionItems {
  const fast = fastListOf(collection);
  if (fast !== undefined) return { length: fast.length, at: (i) => fast.item(i) };
  const items = collection.items as unknown[];
  return { length: items.length, at: (i) => items[i] };
}

/**
 * The items of a collection that may be collections themselves: all of them, but of a long `ids`
 * list only those the `yaml` parse built (the others are ids, made from the list's lines).
 */
export function itemsThatMayNest(collection: YAMLMap | YAMLSeq): readonly unknown[] {
  return fastListOf(collection)?.parsedItems ?? collection.items;
}

/**
 * The indexes of a list's items but the ids a long `ids` list's parse vouches for (all of another
 * list's): those a check looks at one by one (of a long list, the items the `yaml` parse read and
 * the items read as numbers or true/false).
 */
export function indexesToCheck(seq: YAMLSeq): readonly number[] {
  const fast = fastListOf(seq);
  return fast === undefined ? Array.from(seq.items.keys()) : [...indexesOutside(fast.known, fast.length)];
}

/** The indexes of a list's items that may be collections or aliases (of a long `ids` list, none of its scalars is looked at). */
export function indexesThatMayNest(seq: YAMLSeq): readonly number[] {
  const fast = fastListOf(seq);
  if (fast === undefined) return Array.from(seq.items.keys());
  const values = fast.scalarValues; // (undefined for a collection or an alias)
  return [...indexesOfParsedItems(fast.known, fast.length)].filter((i) => values[i] === undefined);
}

/** Index of the last item starting at or before `offset` (items are in source order). */
function lastItemAtOrBefore(items: CollectionItems, offset: number): number {
  let lo = 0;
  let hi = items.length - 1;
  let best = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const start = itemStart(items.at(mid));
    if (start === undefined) {
      // Items without a range do not come from parsing; fall back to a linear scan.
      for (let j = items.length - 1; j >= 0; j--) {
        if ((itemStart(items.at(j)) ?? Infinity) <= offset) {
          return j;
        }
      }
      return -1;
    }
    if (start <= offset) {
      best = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return best;
}

function contains(r: readonly [number, number, ...number[]] | null | undefined, offset: number): boolean {
  return !!r && r[0] <= offset && offset <= r[1];
}

/**
 * The path of the deepest node that contains `offset` (ranges are inclusive at their end, so an
 * offset just after a word is still "in" it, as a cursor is), and whether the offset is on a key
 * or in a value.
 *
 * @returns `undefined` when the offset is outside the document's root node.
 */
export function pathAtOffset(doc: Document, offset: number): PathAtOffset | undefined {
  const root = isNode(doc.contents) ? doc.contents : null;
  if (root === null || !contains(root.range, offset)) {
    return undefined;
  }
  const path: PathSegment[] = [];
  let node: Node = root;
  let pair: Pair | undefined;
  let parent: YAMLMap | YAMLSeq | null = null;
  for (;;) {
    if (!isCollection(node)) {
      return { path, kind: 'value', node, pair, parent };
    }
    const items = collectionItems(node);
    const i = lastItemAtOrBefore(items, offset);
    const item = i >= 0 ? items.at(i) : undefined;
    const end = itemEnd(item);
    if (item === undefined || end === undefined || offset > end) {
      return { path, kind: 'value', node, pair, parent };
    }
    const collection: YAMLMap | YAMLSeq = node;
    if (isMap(collection) && isPair(item)) {
      const name = keyName(item.key);
      const key = isNode(item.key) ? item.key : null;
      if (name === undefined) {
        // A complex key (a collection or alias used as key): no property path goes through it.
        return { path, kind: 'value', node, pair, parent };
      }
      path.push(name);
      if (key !== null && contains(key.range, offset)) {
        return { path, kind: 'key', node: key, pair: item, parent: collection };
      }
      const value = isNode(item.value) ? item.value : null;
      if (value === null || !contains(value.range, offset)) {
        return { path, kind: 'value', node: value, pair: item, parent: collection };
      }
      node = value;
      pair = item;
      parent = collection;
    } else {
      path.push(i);
      const value = isPair(item) ? (isNode(item.value) ? item.value : null) : isNode(item) ? item : null;
      if (value === null || !contains(value.range, offset)) {
        return { path, kind: 'value', node: value, pair: isPair(item) ? item : undefined, parent: collection };
      }
      node = value;
      pair = isPair(item) ? item : undefined;
      parent = collection;
    }
  }
}

/**
 * The first key of a mapping node (where a "missing property" of that mapping is shown), or
 * `undefined` for anything else and an empty mapping.
 */
export function firstKey(node: Node | null | undefined): Node | undefined {
  if (!isMap(node)) {
    return undefined;
  }
  for (const item of node.items) {
    if (isNode(item.key) && item.key.range) {
      return item.key;
    }
  }
  return undefined;
}

/**
 * Every alias node (`*name`) of a document with its path, in source order. Walks the whole
 * document iteratively: call it only when the document is known to use aliases.
 */
export function findAliases(doc: Document): Array<{ path: PathSegment[]; node: Node }> {
  const out: Array<{ path: PathSegment[]; node: Node }> = [];
  const stack: Array<{ node: unknown; path: PathSegment[] }> = [{ node: doc.contents, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (isAlias(node)) {
      out.push({ path, node });
    } else if (isMap(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) {
        const p = node.items[i]!;
        if (isAlias(p.key)) {
          out.push({ path, node: p.key });
        }
        stack.push({ node: p.value, path: [...path, keyName(p.key) ?? '?'] });
      }
    } else if (isSeq(node)) {
      const items = collectionItems(node);
      const indexes = indexesThatMayNest(node);
      for (let k = indexes.length - 1; k >= 0; k--) {
        const i = indexes[k]!;
        stack.push({ node: items.at(i), path: [...path, i] });
      }
    }
  }
  return out.sort((a, b) => (a.node.range?.[0] ?? 0) - (b.node.range?.[0] ?? 0));
}
