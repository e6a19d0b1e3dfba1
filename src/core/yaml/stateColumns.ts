// What the documents of a slice read for their values keep (DocumentState), in columns: a few
// arrays for the slice rather than objects for each document. Pure.
//
// In a file of 100,000 small documents, each document's state (96 bytes), the shape its read noted
// (PlainShape: 64 bytes, and its collections' list: 96 more) were, with the document's view, most
// of what the server held once their values were dropped. Here the numbers are in one typed array
// for the slice, and a document's state is a view of the columns (ColumnState) made when asked
// for: kept for each document, the views were another 40 bytes a document.

import type { DocumentStates } from './documentStates';
import type { PlainShape, PlainValueDocument } from './fastDocuments';
import { NOTHING_KEPT, type DocumentState, type DocumentValueError } from './parsedDocument';

/** @internal The states of the documents of a slice read for their values (readPlainValues), in columns. */
export class StateColumns implements DocumentStates {
  /** How many documents. */
  readonly n: number;
  /** The offset the numbers' offsets are from: where the first document starts. */
  readonly base: number;
  /**
   * The numbers, `n` of each in turn: where each document starts and ends, its `ids` key's start
   * and end, its different ids; then where each one's collections start in these numbers (`n + 1`),
   * and its collections, three numbers each (see PlainShape). Offsets from {@link base}: a slice
   * read for its values is at most 16 KB long, so they are 16 bits each unless a number is larger.
   */
  readonly numbers: Uint16Array | Int32Array;
  /** How far each document's nodes have moved (DocumentState.nodesMoved). */
  readonly moved: Int32Array;
  /** Bits: {@link COMPUTED}, {@link USES_ALIASES}, {@link EMPTY}, {@link NO_IDS_KEY}. */
  readonly flags: Uint8Array;
  /** Each document's value, while any is kept (none once dropped, until one is computed again). */
  values: unknown[] | undefined;
  /** Why a value could not be computed, for the documents where it could not (none at first). */
  errors: Array<DocumentValueError | undefined> | undefined;
  readonly found: unknown[][];

  constructor(read: readonly PlainValueDocument[]) {
    const n = read.length;
    this.n = n;
    const base = read[0]?.range[0] ?? 0;
    this.base = base;
    let collections = 0;
    for (const { shape } of read) collections += shape.collections.length;
    const numbers = new Int32Array(6 * n + 1 + collections);
    const flags = new Uint8Array(n);
    let at = 6 * n + 1;
    for (const [i, { range, shape }] of read.entries()) {
      numbers[i] = range[0] - base;
      numbers[n + i] = range[2] - base;
      if (shape.idsKeyStart === -1) {
        flags[i] = NO_IDS_KEY;
      } else {
        numbers[2 * n + i] = shape.idsKeyStart - base;
        numbers[3 * n + i] = shape.idsKeyEnd - base;
      }
      numbers[4 * n + i] = shape.distinctIds;
      numbers[5 * n + i] = at;
      const spans = shape.collections;
      for (let k = 0; k < spans.length; k += 3) {
        numbers[at + k] = spans[k]! - base;
        numbers[at + k + 1] = spans[k + 1]! - base;
        numbers[at + k + 2] = spans[k + 2]!;
      }
      at += spans.length;
      flags[i]! |= COMPUTED | (shape.isEmpty ? EMPTY : 0);
    }
    numbers[6 * n] = at;
    this.numbers = numbers.every((x) => x >= 0 && x <= 0xffff) ? Uint16Array.from(numbers) : numbers;
    this.moved = new Int32Array(n);
    this.flags = flags;
    this.values = read.map((doc) => doc.value);
    this.found = new Array<unknown[]>(n).fill(NOTHING_KEPT);
  }

  get count(): number {
    return this.n;
  }

  at(i: number): DocumentState {
    return new ColumnState(this, i);
  }

  forgetValues(): boolean {
    const flags = this.flags;
    let any = false;
    for (let i = 0; i < flags.length; i++) {
      any ||= (flags[i]! & COMPUTED) !== 0;
      flags[i]! &= ~(COMPUTED | USES_ALIASES);
    }
    this.values = undefined;
    this.errors = undefined;
    return any;
  }

  readAgain(): void {
    this.moved.fill(0);
  }
}

/** Its value is computed. */
const COMPUTED = 1;
/** Computing its value resolved an alias. */
const USES_ALIASES = 2;
/** It holds no node (PlainShape.isEmpty). */
const EMPTY = 4;
/** Its root has no `ids` key. */
const NO_IDS_KEY = 8;

/** The state of document `i` of a slice read for its values: a view of the slice's columns. */
class ColumnState implements DocumentState {
  constructor(
    private readonly columns: StateColumns,
    private readonly i: number,
  ) {}

  get start(): number {
    return this.columns.base + this.columns.numbers[this.i]!;
  }

  get end(): number {
    return this.columns.base + this.columns.numbers[this.columns.n + this.i]!;
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
    return this.columns.values?.[this.i];
  }

  set value(value: unknown) {
    if (value === undefined && this.columns.values === undefined) return;
    (this.columns.values ??= new Array<unknown>(this.columns.n))[this.i] = value;
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
    return this.columns.moved[this.i]!;
  }

  set nodesMoved(moved: number) {
    this.columns.moved[this.i] = moved;
  }

  /** (Made when asked for: the lens and folding ranges of a document ask once, and keep what they found.) */
  get plain(): PlainShape {
    const { numbers, n, base, flags } = this.columns;
    const i = this.i;
    const noIdsKey = (flags[i]! & NO_IDS_KEY) !== 0;
    const collections: number[] = [];
    for (let k = numbers[5 * n + i]!; k < numbers[5 * n + i + 1]!; k += 3) collections.push(base + numbers[k]!, base + numbers[k + 1]!, numbers[k + 2]!);
    return {
      isEmpty: (flags[i]! & EMPTY) !== 0,
      idsKeyStart: noIdsKey ? -1 : base + numbers[2 * n + i]!,
      idsKeyEnd: noIdsKey ? -1 : base + numbers[3 * n + i]!,
      distinctIds: numbers[4 * n + i]!,
      collections,
    };
  }

  private setFlag(flag: number, on: boolean): void {
    const flags = this.columns.flags;
    flags[this.i] = on ? flags[this.i]! | flag : flags[this.i]! & ~flag;
  }
}
