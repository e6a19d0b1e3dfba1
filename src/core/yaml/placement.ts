// Where each run of text a file was parsed in (a slice, slice.ts) stands in the latest version of
// the file: its offset and the index of its first document. Pure.
//
// An edit that changes the length of the text (a letter typed) moves every run after it, and one
// that adds or removes a document changes the index of every document after it. Written into each
// run, that was a write per run on every keystroke, most of a keystroke's time in a file of 100,000
// documents. So the runs after the last edit keep their place from the end of the file, as the text
// after a gap buffer's gap does: the next edit before them moves them without a write. Only the runs
// between one edit and the next change how they keep it, so typing in one place does no work per
// run at all.

import type { Text } from './text';

/**
 * What the slices of one file's versions read their place against: the latest version's length and
 * number of documents, and which slices keep their place from the end. Each parse that takes the
 * last version over brings it up to date (parse.ts); an older version is not to be read after that.
 */
export class FileFrame {
  /** The text, which a slice that keeps no text of its own reads its documents from again (Slice.documents). */
  text: Text = '';
  /** The text's length. */
  length = 0;
  /** How many documents the file has. */
  documents = 0;
  /** Index of the first slice that keeps its place from the end (every one after it does too); the number of slices when none does. */
  firstFromEnd = 0;
}

/** Where one slice stands: its start offset and the index of its first document. */
export class Placement {
  /** Whether {@link offset} and {@link index} count from the end of the file. */
  private fromEnd = false;

  constructor(
    private readonly frame: FileFrame,
    private offset: number,
    private index = 0,
  ) {}

  /** The offset where the slice starts. */
  get start(): number {
    return this.fromEnd ? this.frame.length - this.offset : this.offset;
  }

  /** The latest version's text. */
  get text(): Text {
    return this.frame.text;
  }

  /** The index of its first document in the file. */
  get firstDocument(): number {
    return this.fromEnd ? this.frame.documents - this.index : this.index;
  }

  /** Puts the slice at `start`, its first document at `firstDocument`, kept from the start of the file. */
  moveTo(start: number, firstDocument: number): void {
    this.fromEnd = false;
    this.offset = start;
    this.index = firstDocument;
  }

  /** Keeps the place from the start of the file, where it is now. */
  keepFromStart(): void {
    if (this.fromEnd) this.moveTo(this.start, this.firstDocument);
  }

  /** Keeps the place from the end of the file, where it is now. */
  keepFromEnd(): void {
    if (this.fromEnd) return;
    this.offset = this.frame.length - this.offset;
    this.index = this.frame.documents - this.index;
    this.fromEnd = true;
  }
}
