// What the documents of a slice keep (DocumentState), by their index in it: one object a document
// (StateList, here), or a few arrays for the slice (StateColumns, stateColumns.ts). Pure.

import { forgetValue, type DocumentState } from './parsedDocument';

/** @internal The states of a slice's documents. */
export interface DocumentStates {
  readonly count: number;
  /**
   * Document `i`'s state. Of columns, a view made on each call: a document keeps no object of its
   * own for it (ParsedDocument asks its slice each time).
   */
  at(i: number): DocumentState;
  /** Forgets every document's value (forgetValue); says whether any was computed. */
  forgetValues(): boolean;
  /** Every document's nodes read again where the slice was parsed (DocumentState.nodesMoved 0). */
  readAgain(): void;
}

/** @internal The states of a slice's documents as one object each (a slice read with its nodes). */
export class StateList implements DocumentStates {
  constructor(private readonly states: readonly DocumentState[]) {}

  get count(): number {
    return this.states.length;
  }

  at(i: number): DocumentState {
    return this.states[i]!;
  }

  forgetValues(): boolean {
    let any = false;
    for (const state of this.states) {
      any ||= state.computed;
      forgetValue(state);
    }
    return any;
  }

  readAgain(): void {
    for (const state of this.states) state.nodesMoved = 0;
  }
}
