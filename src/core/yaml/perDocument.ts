// What a check found in one document, kept with the `yaml` document it was found in. A parse takes
// over the documents an edit left as they were (the same objects, moved when the edit shifted
// them: ParsedDocument.unchanged), so a keystroke in a file of many documents checks again only the
// document it changed, not every one. Pure.

import type { ParsedDocument } from './parsedDocument';

interface Kept<T> {
  readonly index: number;
  readonly key: unknown;
  start: number;
  value: T;
}

export class PerDocument<T> {
  private readonly kept = new WeakMap<object, Kept<T>>();

  /**
   * @param move what was found in a document that has since moved `delta` characters (for what
   * holds offsets into the file); without it, what was found holds none.
   */
  constructor(private readonly move?: (value: T, delta: number) => T) {}

  /**
   * `find()` for `doc`, or what it gave for the same document (at the same index, with the same
   * `key`: what else the check depends on). `keep` says whether a value may be kept (one that
   * names a line, which an edit above moves, may not).
   */
  get(doc: ParsedDocument, key: unknown, find: () => T, keep: (value: T) => boolean = () => true): T {
    const { unchanged, start, index } = doc;
    const kept = this.kept.get(unchanged);
    if (kept !== undefined && kept.index === index && kept.key === key) {
      if (kept.start !== start && this.move !== undefined) kept.value = this.move(kept.value, start - kept.start);
      kept.start = start;
      return kept.value;
    }
    const value = find();
    if (keep(value)) this.kept.set(unchanged, { index, key, start, value });
    else this.kept.delete(unchanged);
    return value;
  }
}
