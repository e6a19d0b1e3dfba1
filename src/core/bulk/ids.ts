// The `ids` list of one YAML document, item by item, with ranges: what selection -> ids, the
// invalid-id diagnostics, their tracking across edits and the "remove invalid ids" quick fix all
// read. Walks the AST only (never `toJS`), so it stays cheap on a document with 100,000 ids.

import { isAlias, isMap, isNode, isScalar, isSeq, type Node, type YAMLSeq } from 'yaml';
import { findPair, nodeRange, type OffsetRange, type ParsedDocument } from '../yaml';

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

/** The `ids` entry of a document. */
export interface IdsField {
  /** Range of the `ids` key. */
  readonly keyRange: OffsetRange;
  /** The sequence node, when `ids` holds a sequence. */
  readonly seq: YAMLSeq | undefined;
  /** Range of the value (`undefined` for `ids:` without a value). */
  readonly valueRange: OffsetRange | undefined;
  /** True for a flow sequence (`[a, b]`). */
  readonly flow: boolean;
  /** The items, in source order (empty when `ids` is not a sequence). */
  readonly items: readonly IdItem[];
  /** What `ids` holds when it is not a sequence: `missing-value`, `scalar`, `mapping`, `alias`. */
  readonly notSequence: 'missing-value' | 'scalar' | 'mapping' | 'alias' | undefined;
}

/**
 * The `ids` entry of a document's root mapping, or `undefined` when the document has no root
 * mapping or no `ids` key.
 */
export function idsField(doc: ParsedDocument): IdsField | undefined {
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
    return { keyRange, seq: undefined, valueRange, flow: false, items: [], notSequence };
  }
  const items: IdItem[] = [];
  value.items.forEach((item, index) => {
    const node = isNode(item) ? (item as Node) : null;
    const range = nodeRange(node);
    if (node === null || range === undefined) {
      return; // not from parsing; cannot be located
    }
    const { value: id, problem } = classify(node);
    items.push({ index, range, value: id, problem });
  });
  return { keyRange, seq: value, valueRange, flow: value.flow === true, items, notSequence: undefined };
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
