// What the server last answered for each document of a file when an editor asked for the file's
// lenses or outline, given again where that document's part of the answer is what it was: the same
// objects, whose JSON the encoder has made already (jsonEncoder.ts). An editor asks for both after
// every pause in the typing, for the whole file, and the server answers on the thread that handles
// the next keystroke: in a file of 10,000 documents, 20,000 lenses and 10,000 symbols made and
// written again, and their garbage collected, on every such pause (with the encoder's buffer sized
// to fit, the three requests took 190 ms a round with them made again, 150 ms with this).

interface Kept<T> {
  /** Everything the part's LSP form was made from (its positions, its text). */
  readonly key: string;
  readonly made: T;
}

export class KeptAnswers<T> {
  /** Per file, what was made for each document, by its index (kept in place from one answer to the next). */
  private readonly files = new Map<string, Array<Kept<T> | undefined>>();

  /**
   * Starts an answer for `uri`: the function returned gives, for the part of document `index`,
   * what was made for it last from the same `key`, or `make()`. `end`: one past the last index the
   * answer gives (what was kept past it is forgotten).
   */
  answering(uri: string, end: number): (index: number, key: string, make: () => T) => T {
    let kept = this.files.get(uri);
    if (kept === undefined) this.files.set(uri, (kept = []));
    if (kept.length > end) kept.length = end;
    const parts = kept;
    return (index, key, make) => {
      let part = parts[index];
      if (part === undefined || part.key !== key) parts[index] = part = { key, made: make() };
      return part.made;
    };
  }

  /** Forgets what was made for `uri` (closed). */
  forget(uri: string): void {
    this.files.delete(uri);
  }
}
