// What the two kinds of ids list scan share (idsBlock.ts reads block lists, idsFlow.ts flow
// lists): the ids' values and the text they were read from, the node of an id (made when a
// feature asks for it), and the move of a scan with its document. Pure.

import { Scalar, isScalar, type Range } from 'yaml';
import { shiftFrom, spliceIn } from '../arrays';
import { IdCounts, fastIdsStats, isTyped, resolveTyped, upperBound, type Options, type ScalarType } from './idsText';
import type { Text } from './text';

/** What every scan has: the values of the ids it read, in order, and the text they were read from. */
export interface ScannedList {
  readonly options: Options;
  /** The text read (one YAML document's), and the file offset where it starts: nodes have file offsets. */
  source: Text;
  base: number;
  /** The value of each item read (each item line of a block list, each item of a flow list; a typed one's marked: TYPED in idsText.ts), in order. */
  readonly values: string[];
  /** How many ids of the list hold each value. */
  readonly counts: IdCounts;
  /** The typed items (indexes in `values`, in order): listed apart, they are found without a pass over the values. */
  readonly typedItems: number[];
  /** How many edits have changed `values`: a copy of them made before is stale. */
  valueEdits: number;
  /**
   * The last edit that changed `values` (its count in `valueEdits`), where it left every item in
   * its place: which items it changed (a copy made before it is stale at those only).
   */
  lastValueEdit?: { readonly edit: number; readonly at: number; readonly count: number } | undefined;
  /**
   * The list's values as JS where they are not the scan's own (items of the `yaml` parse among the
   * runs, typed items): fastIds.ts fills them in place for each version (the next parse of the
   * document makes them its own), with the pieces' layout and the count of `valueEdits` they were
   * filled at.
   */
  mixed?: MixedValues;
  /**
   * Whether the text this scan was last read in has no `ids:` line that heads a list (the list is a
   * bare one or another key's): fastIds.ts then looks for one only where an edit touched.
   */
  noIdsKey?: boolean;
}

/** A list's values filled in among the items of the `yaml` parse, as fastIds.ts fills them. */
interface FilledValues {
  readonly values: unknown[];
  readonly layout: string;
  readonly valueEdits: number;
}

/**
 * The values of a list whose values are not the scan's own: each item's scalar value (undefined
 * where it is a mapping, a list, an alias), and where they differ, each item's JS.
 */
export interface MixedValues {
  scalars?: FilledValues;
  js?: FilledValues;
}

/** What every scan read afresh has: `values` read from `source`, their counts and the typed ones among them. */
export function scannedValues(
  options: Options,
  source: Text,
  base: number,
  values: string[],
): Pick<ScannedList, 'options' | 'source' | 'base' | 'values' | 'counts' | 'typedItems' | 'valueEdits'> {
  const counts = new IdCounts();
  counts.add(values);
  const typedItems: number[] = [];
  for (let i = 0; i < values.length; i++) if (isTyped(values[i]!)) typedItems.push(i);
  return { options, source, base, values, counts, typedItems, valueEdits: 0 };
}

/**
 * Replaces the values `removed` at index `at` of a scan with `added`, in place: the values, their
 * counts, the typed items' indexes (those replaced go, the typed ones of `added` come in, those after
 * move) and the record of edits.
 */
export function replaceValues(scan: ScannedList, at: number, removed: readonly string[], added: readonly string[]): void {
  scan.counts.replace(at, removed, added);
  spliceIn(scan.values, at, removed.length, added);
  const { typedItems } = scan;
  const from = upperBound(typedItems, at - 1);
  const found: number[] = [];
  for (let n = 0; n < added.length; n++) if (isTyped(added[n]!)) found.push(at + n);
  spliceIn(typedItems, from, upperBound(typedItems, at + removed.length - 1) - from, found);
  shiftFrom(typedItems, from + found.length, added.length - removed.length);
  // (The item before the change is read again: most edits take out and put back the same ids.)
  if (removed.length !== added.length || removed.some((value, n) => value !== added[n])) {
    scan.valueEdits++;
    scan.lastValueEdit = removed.length === added.length ? { edit: scan.valueEdits, at, count: added.length } : undefined;
  }
}

/**
 * The node of an id the fast path read: a `yaml` Scalar as the parse makes it, but smaller, as
 * whatever reads a long list's `items` makes one per id. Its range is three number fields rather
 * than an array of its own (an array of three offsets takes 72 bytes, the node itself 64), and its
 * `source` is its value (what the parse gives the scalars read here). `range` and `source` read
 * those fields; `range` returns a new array on each read, so an offset is changed by writing
 * `range` whole.
 */
export class IdNode extends Scalar {
  declare value: string;
  /** The range's offsets: where the scalar starts, where it ends, where the node ends (with its line). */
  start: number;
  valueEnd: number;
  nodeEnd: number;

  constructor(value: string, type: ScalarType, start: number, valueEnd: number, nodeEnd: number, comment?: string) {
    super(value);
    fastIdsStats.nodesMade++;
    this.type = type;
    this.start = start;
    this.valueEnd = valueEnd;
    this.nodeEnd = nodeEnd;
    if (comment !== undefined) this.comment = comment;
  }
}

// (Accessors defined on the prototype: TypeScript has `range` and `source` as Scalar's properties,
// which a subclass may not declare as accessors.)
Object.defineProperties(IdNode.prototype, {
  range: {
    get(this: IdNode): Range {
      return [this.start, this.valueEnd, this.nodeEnd];
    },
    set(this: IdNode, range: Range) {
      [this.start, this.valueEnd, this.nodeEnd] = range;
    },
  },
  source: {
    get(this: IdNode): string {
      return this.value;
    },
  },
});

/**
 * The node of a typed item of a scan (TYPED in idsText.ts: a number, true, null...), as the
 * composer makes it (composeScalar): few lists hold many, so an ordinary Scalar.
 */
export function typedNode(value: string, options: Options, start: number, valueEnd: number, nodeEnd: number, comment?: string): Scalar {
  fastIdsStats.nodesMade++;
  const { source, resolved, format } = resolveTyped(value, options);
  const node = isScalar(resolved) ? resolved : new Scalar(resolved);
  node.range = [start, valueEnd, nodeEnd];
  node.source = source;
  node.type = 'PLAIN';
  if (format !== undefined) node.format = format;
  if (comment !== undefined) node.comment = comment;
  return node;
}

/**
 * Moves a scan: its document moved in the file by `delta`, its text unchanged. (The scan keeps the
 * text it read, a part of its own: see partOf.)
 */
export function moveScan(scan: ScannedList, delta: number): void {
  scan.base += delta;
}
