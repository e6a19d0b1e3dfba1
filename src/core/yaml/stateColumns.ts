// What the documents of a slice read for their values keep (DocumentState), in columns: a few
// arrays for the slice rather than objects for each document. Pure.
//
// In a file of 100,000 small documents, each document's state (96 bytes), the shape its read noted
// (PlainShape: 64 bytes, and its collections' list: 96 more) were, with the document's view, most
// of what the server held once their values were dropped. Here a document keeps a view of the
// slice's columns (ColumnState, 40 bytes), and the numbers are in one typed array for the slice.

import type { PlainShape, PlainValueDocument } from './fastDocuments';
import { NOTHING_KEPT, type DocumentState, type DocumentValueError } from './parsedDocument';

/** The columns of a slice's documents. */
class StateColumns {
  /** How many documents. */
  readonly n: number;
  /**
   * The numbers, `n` of each in turn: where each document starts and ends, how far its nodes have
   * moved (DocumentState.nodesMoved), whether it is empty, its `ids` key's start and end, its
   * different ids; then where each one's collections start in what follows (`n + 1`), and its
   * collections, three numbers each (see PlainShape).
   */
  readonly ints: Int32Array;
  /** Bit 1: its value is computed; bit 2: computing it resolved an alias. */
  readonly flags: Uint8Array;
  readonly values: unknown[];
  /** Why a value could not be computed, for the documents where it could not (none at first). */
  errors: Array<DocumentValueError | undefined> | undefined;
  readonly found: unknown[][];

  constructor(read: readonly PlainValueDocument[]) {
    const n = read.length;
    this.n = n;
    let collections = 0;
    for (const { shape } of read) collections += shape.collections.length;
    const ints = new Int32Array(8 * n + 1 + collections);
    let at = 8 * n + 1;
    for (const [i, { range, shape }] of read.entries()) {
      ints[i] = range[0];
      ints[n + i] = range[2];
      ints[3 * n + i] = shape.isEmpty ? 1 : 0;
      ints[4 * n + i] = shape.idsKeyStart;
      ints[5 * n + i] = shape.idsKeyEnd;
      ints[6 * n + i] = shape.distinctIds;
      ints[7 * n + i] = at;
      ints.set(shape.collections, at);
      at += shape.collections.length;
    }
    ints[8 * n] = at;
    this.ints = ints;
    this.flags = new Uint8Array(n).fill(COMPUTED);
    this.values = read.map((doc) => doc.value);
    this.found = new Array<unknown[]>(n).fill(NOTHING_KEPT);
  }
}

const COMPUTED = 1;
const USES_ALIASES = 2;

/** The state of document `i` of a slice read for its values: a view of the slice's columns. */
class ColumnState implements DocumentState {
  constructor(
    private readonly columns: StateColumns,
    private readonly i: number,
  ) {}

  get start(): number {
    return this.columns.ints[this.i]!;
  }

  get end(): number {
    return this.columns.ints[this.columns.n + this.i]!;
  }

  get readForValue(): boolean {
    return true;
  }

  get computed(): boolean {
    return (this.columns.flags[this.i]! & COMPUTED) !== 0;
  }

  set computed(computed: boolean) {
    this.setFlag(COMPUTED, computed);
  }

  get usesAliases(): boolean {
    return (this.columns.flags[this.i]! & USES_ALIASES) !== 0;
  }

  set usesAliases(uses: boolean) {
    this.setFlag(USES_ALIASES, uses);
  }

  get value(): unknown {
    return this.columns.values[this.i];
  }

  set value(value: unknown) {
    this.columns.values[this.i] = value;
  }

  get error(): DocumentValueError | undefined {
    return this.columns.errors?.[this.i];
  }

  set error(error: DocumentValueError | undefined) {
    if (error === undefined && this.columns.errors === undefined) return;
    (this.columns.errors ??= new Array<DocumentValueError | undefined>(this.columns.n))[this.i] = error;
  }

  get found(): unknown[] {
    return this.columns.found[this.i]!;
  }

  set found(found: unknown[]) {
    this.columns.found[this.i] = found;
  }

  get nodesMoved(): number {
    return this.columns.ints[2 * this.columns.n + this.i]!;
  }

  set nodesMoved(moved: number) {
    this.columns.ints[2 * this.columns.n + this.i] = moved;
  }

  /** (Made when asked for: the lens and folding ranges of a document ask once, and keep what they found.) */
  get plain(): PlainShape {
    const { ints, n } = this.columns;
    const i = this.i;
    return {
      isEmpty: ints[3 * n + i] === 1,
      idsKeyStart: ints[4 * n + i]!,
      idsKeyEnd: ints[5 * n + i]!,
      distinctIds: ints[6 * n + i]!,
      collections: Array.from(ints.subarray(ints[7 * n + i], ints[7 * n + i + 1])),
    };
  }

  private setFlag(flag: number, on: boolean): void {
    const flags = this.columns.flags;
    flags[this.i] = on ? flags[this.i]! | flag : flags[this.i]! & ~flag;
  }
}

/** The states of the documents of a slice read for their values (readPlainValues), in columns. */
export function columnStates(read: readonly PlainValueDocument[]): DocumentState[] {
  const columns = new StateColumns(read);
  return read.map((_, i) => new ColumnState(columns, i));
}
