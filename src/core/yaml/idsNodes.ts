// What the two kinds of ids list scan share (idsBlock.ts reads block lists, idsFlow.ts flow
// lists): the ids' values and the text they were read from, the node of an id (made when a
// feature asks for it), and the move of a scan with its document. Pure.

import { Scalar, isScalar, type Range } from 'yaml';
import { fastIdsStats, resolveTyped, type IdCounts, type Options, type ScalarType } from './idsText';
import type { Text } from './text';

/** What every scan has: the values of the ids it read, in order, and the text they were read from. */
export interface ScannedList {
  readonly options: Options;
  /** The text read (one YAML document's), and the file offset where it starts: nodes have file offsets. */
  source: Text;
  base: number;
  /** The value of each id read (each item line of a block list, a typed one's marked: TYPED in idsText.ts; each item of a flow list), in order. */
  readonly values: string[];
  /** How many ids of the list hold each value. */
  readonly counts: IdCounts;
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
