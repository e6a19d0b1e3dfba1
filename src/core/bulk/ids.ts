// The `ids` list of one YAML document, item by item, with ranges: what selection -> ids, the
// invalid-id diagnostics, their tracking across edits and the "remove invalid ids" quick fix all
// read. Walks the AST only (never `toJS`). The items holding given ids are found in a long list
// without a walk: the tracking of invalid ids runs on every keystroke.

import { isAlias, isMap, isNode, isScalar, isSeq, type Node, type YAMLSeq } from 'yaml';
import { collectionItems, findPair, indexesOfParsedItems, nodeRange, type Holding, type LongIdsList, type OffsetRange, type ParsedDocument } from '../yaml';
import { MAX_REMEMBERED, indexesOfEach, pushAll } from '../arrays';

/** One item of a document's `ids` sequence. */
export interface IdItem {
  /** 0-based index of the item in the sequence. */
  readonly index: number;
  /** Range of the item's value node (quotes included for a quoted id). */
  readonly range: OffsetRange;
  /** The id, when the item is a non-empty string scalar; `undefined` otherwise (see {@link problem}). */
  readonly value: string | undefined;
  /**
   * Why the item is not a usable id: `number`, `boolean`, `null` (an empty item or `~`), `empty`
   * (`""`), `alias` (`*name`), `collection` (a nested list or mapping). `undefined` for a usable id.
   */
  readonly problem: IdItemProblem | undefined;
}

export type IdItemProblem = 'number' | 'boolean' | 'null' | 'empty' | 'alias' | 'collection' | 'other';

/** Whether an item's value is a usable id: a non-empty string (the items a long list's spans hold all are). */
export function isUsableId(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** The `ids` entry of a document, without its items. */
export interface IdsEntry {
  /** Range of the `ids` key. */
  readonly keyRange: OffsetRange;
  /** The sequence node, when `ids` holds a sequence. */
  readonly seq: YAMLSeq | undefined;
  /** Range of the value (`undefined` for `ids:` without a value). */
  readonly valueRange: OffsetRange | undefined;
  /** True for a flow sequence (`[a, b]`). */
  readonly flow: boolean;
  /** What `ids` holds when it is not a sequence: `missing-value`, `scalar`, `mapping`, `alias`. */
  readonly notSequence: 'missing-value' | 'scalar' | 'mapping' | 'alias' | undefined;
}

/** The `ids` entry of a document, with its items. */
export interface IdsField extends IdsEntry {
  /** The items, in source order (empty when `ids` is not a sequence). */
  readonly items: readonly IdItem[];
}

/**
 * The `ids` entry of a document's root mapping with every item, or `undefined` when the document
 * has no root mapping or no `ids` key.
 */
export function idsField(doc: ParsedDocument): IdsField | undefined {
  const entry = idsEntry(doc);
  if (entry?.seq === undefined) return entry === undefined ? undefined : { ...entry, items: [] };
  const items: IdItem[] = [];
  entry.seq.items.forEach((node, index) => {
    const item = idItem(node, index);
    if (item !== undefined) items.push(item);
  });
  return { ...entry, items };
}

/**
 * The items of a document's `ids` holding one of `wanted`, in order: the first `max` of them. Of
 * a long list only those items are made: the ids it holds are known from its counts, and found
 * where they stood in the last version, else by a native search.
 */
export function idItemsHolding(doc: ParsedDocument, wanted: ReadonlySet<string>, max = Infinity): IdItem[] {
  const long = doc.longIdsList;
  if (long === undefined) {
    return (idsField(doc)?.items ?? []).filter((item) => item.value !== undefined && wanted.has(item.value)).slice(0, max);
  }
  const { values } = long;
  const list = collectionItems(long.pair.value as YAMLSeq);
  const out: IdItem[] = [];
  const take = (index: number): void => {
    // An id of the spans (a non-empty string) is taken without making its node.
    const value = values[index];
    const range = long.valueRange(index);
    const item = range !== undefined && typeof value === 'string' ? { index, range, value, problem: undefined } : idItem(list.at(index), index);
    if (item?.value !== undefined && wanted.has(item.value)) out.push(item);
  };
  if (wanted.size > MAX_REMEMBERED) {
    // Too many to keep where they stood: the list is read in order, up to the last item wanted.
    for (let i = 0; i < values.length && out.length < max; i++) {
      const value = values[i];
      if (typeof value === 'string' && wanted.has(value)) take(i);
    }
    return out;
  }
  const held = heldBy(long, values, wanted);
  const found = indexesOfEach(values, new Set(held.keys()), { count: (id) => held.get(id) ?? 0, lastFound: long.known.lastFound });
  const indexes: number[] = [];
  for (const at of found.values()) pushAll(indexes, at);
  indexes.sort((a, b) => a - b);
  for (let n = 0; n < indexes.length && out.length < max; n++) take(indexes[n]!);
  return out;
}

/** Those of `wanted` that some item of a document's `ids` holds. */
export function idsHeld(doc: ParsedDocument, wanted: ReadonlySet<string>): Set<string> {
  const long = doc.longIdsList;
  if (long !== undefined) return new Set(heldBy(long, long.values, wanted).keys());
  return new Set(idItemsHolding(doc, wanted).map((item) => item.value!));
}

/**
 * How many items of a document's `ids` hold one of `wanted`, and how many of `wanted` they hold.
 * Of a long list, from its counts (which follow the same set from one version to the next at no
 * cost: on every keystroke after a bulk update, `wanted` is the same set of rejected ids) and the
 * items outside its spans.
 */
export function holdingOf(doc: ParsedDocument, wanted: ReadonlySet<string>): Holding {
  const long = doc.longIdsList;
  if (long === undefined) {
    const items = idItemsHolding(doc, wanted);
    return { items: items.length, ids: new Set(items.map((item) => item.value)).size };
  }
  const total = long.known.holdingInSpans(wanted);
  for (const [value, n] of heldOutsideSpans(long, long.values, wanted)) {
    total.items += n;
    if (long.known.inSpans(value) === 0) total.ids++;
  }
  return total;
}

/** How many items of a long list hold each of `wanted` that any holds: its spans' counts, and the other items looked at. */
function heldBy(long: LongIdsList, values: readonly unknown[], wanted: ReadonlySet<string>): Map<string, number> {
  const held = heldOutsideSpans(long, values, wanted);
  for (const id of wanted) {
    const n = long.known.inSpans(id);
    if (n > 0) held.set(id, (held.get(id) ?? 0) + n);
  }
  return held;
}

/**
 * How many items outside a long list's spans (the few the fast path did not vouch for) hold each of
 * `wanted` that any of them holds (its typed items, no strings, are not looked at).
 */
function heldOutsideSpans(long: LongIdsList, values: readonly unknown[], wanted: ReadonlySet<string>): Map<string, number> {
  const held = new Map<string, number>();
  for (const i of indexesOfParsedItems(long.known, values.length)) {
    const value = values[i];
    if (typeof value === 'string' && wanted.has(value)) held.set(value, (held.get(value) ?? 0) + 1);
  }
  return held;
}

/**
 * The `ids` entry of a document's root mapping, without its items, or `undefined` when the
 * document has no root mapping or no `ids` key.
 */
export function idsEntry(doc: ParsedDocument): IdsEntry | undefined {
  const root = doc.document.contents;
  if (!isMap(root)) {
    return undefined;
  }
  const pair = findPair(root, 'ids');
  if (pair === undefined || !isNode(pair.key)) {
    return undefined;
  }
  const keyRange = nodeRange(pair.key);
  if (keyRange === undefined) {
    return undefined;
  }
  const value = isNode(pair.value) ? (pair.value as Node) : null;
  const valueRange = nodeRange(value);
  if (!isSeq(value)) {
    const notSequence =
      value === null || (isScalar(value) && value.value === null && valueRange !== undefined && valueRange.start === valueRange.end)
        ? 'missing-value'
        : isMap(value)
          ? 'mapping'
          : isAlias(value)
            ? 'alias'
            : 'scalar';
    return { keyRange, seq: undefined, valueRange, flow: false, notSequence };
  }
  return { keyRange, seq: value, valueRange, flow: value.flow === true, notSequence: undefined };
}

/** Item `index` of an `ids` sequence, or `undefined` for one that cannot be located (not from parsing). */
function idItem(item: unknown, index: number): IdItem | undefined {
  const node = isNode(item) ? (item as Node) : null;
  const range = nodeRange(node);
  if (node === null || range === undefined) return undefined;
  const { value, problem } = classify(node);
  return { index, range, value, problem };
}

function classify(node: Node): { value: string | undefined; problem: IdItemProblem | undefined } {
  if (isAlias(node)) {
    return { value: undefined, problem: 'alias' };
  }
  if (!isScalar(node)) {
    return { value: undefined, problem: 'collection' };
  }
  const v = node.value;
  if (typeof v === 'string') {
    return v === '' ? { value: undefined, problem: 'empty' } : { value: v, problem: undefined };
  }
  if (typeof v === 'number' || typeof v === 'bigint') {
    return { value: undefined, problem: 'number' };
  }
  if (typeof v === 'boolean') {
    return { value: undefined, problem: 'boolean' };
  }
  if (v === null || v === undefined) {
    return { value: undefined, problem: 'null' };
  }
  return { value: undefined, problem: 'other' };
}

/** Words for an item problem, in messages: "reads as a number". */
export function describeItemProblem(problem: IdItemProblem): string {
  switch (problem) {
    case 'number':
      return 'reads as a number, not a string';
    case 'boolean':
      return 'reads as a boolean, not a string';
    case 'null':
      return 'is empty (null)';
    case 'empty':
      return 'is an empty string';
    case 'alias':
      return 'is an alias (*name); write the id itself';
    case 'collection':
      return 'is a list or mapping, not a string';
    default:
      return 'is not a string';
  }
}

/**
 * Index of the first item whose range ends after `offset` (items are in source order and do not
 * overlap), or `items.length`.
 */
export function firstItemEndingAfter(items: readonly IdItem[], offset: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items[mid]!.range.end > offset) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}
