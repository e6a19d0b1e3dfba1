// What the two kinds of ids list scan share (idsBlock.ts reads block lists, idsFlow.ts flow
// lists): the id nodes, at file offsets, with their values, and the in-place array edits by which
// a scan follows the versions of its document. Pure.

import { Scalar } from 'yaml';
import type { IdCounts, ScalarType } from './idsText';
import type { Text } from './text';

/** What every scan has: the id nodes it built, in order, with their values, at file offsets. */
export interface IdsNodes {
  readonly options: object;
  /** The text read (one YAML document's), and the file offset where it starts: nodes have file offsets. */
  source: Text;
  base: number;
  /** The node of each id read (each item line of a block list, each item of a flow list), in order. */
  readonly nodes: Scalar[];
  /** The value of each of {@link nodes}. */
  readonly values: string[];
  /** How many ids of the list hold each value. */
  readonly counts: IdCounts;
}

export function newNode(value: string, type: ScalarType, range: [number, number, number], comment?: string): Scalar {
  const node = new Scalar(value);
  node.range = range;
  node.source = value;
  node.type = type;
  if (comment !== undefined) node.comment = comment;
  return node;
}

/** Moves the ranges of `nodes[from, to)` by `delta`, in place. */
export function moveNodes(nodes: readonly Scalar[], delta: number, from = 0, to = nodes.length): void {
  if (delta === 0) return;
  for (let n = from; n < to; n++) {
    const range = nodes[n]!.range!;
    range[0] += delta;
    range[1] += delta;
    range[2] += delta;
  }
}

/** Moves a scan's nodes by `delta` (its document moved in the file), and gives it the document's text in the new version. */
export function moveScan(scan: IdsNodes, delta: number, source: Text): void {
  moveNodes(scan.nodes, delta);
  scan.base += delta;
  scan.source = source;
}
