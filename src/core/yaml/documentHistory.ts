// Which documents each version of a file took over from the version before: its first and last
// documents that are those of the last version (the same views or the same parsed state, moved).
// What is kept across versions for the whole file reads it: a check that lists the documents with
// findings brings its list up to date with the documents an edit replaced, where asking every
// document again cost a keystroke in a file of 100,000 documents 10 ms per check. Pure.

/** How many versions back what each took over is remembered (a check runs on most versions, or on one in a few with a debounce). */
const REMEMBERED = 64;

/** The first `prefix` and the last `suffix` documents of a version, which are those of an earlier one. */
export interface DocumentsKept {
  readonly prefix: number;
  readonly suffix: number;
}

/** The versions of one file, each parsed from the one before. */
export class DocumentHistory {
  /** The number of the latest version (the first is 0). */
  private latest = 0;
  /** What each of the last versions took over from the one before, the latest last. */
  private readonly steps: DocumentsKept[] = [];

  /** Records a version parsed from the latest one, which took over `kept` of its documents; returns its number. */
  next(kept: DocumentsKept): number {
    this.steps.push(kept);
    if (this.steps.length > REMEMBERED) this.steps.shift();
    return ++this.latest;
  }

  /** Whether `version` is the latest: a parse from an earlier one starts a history of its own. */
  isLatest(version: number): boolean {
    return version === this.latest;
  }

  /**
   * The documents of the latest version that are those of version `since` (all for the latest
   * itself, as many as the caller knows it holds); undefined where that is no longer remembered.
   */
  keptSince(since: number): DocumentsKept | undefined {
    const back = this.latest - since;
    if (back < 0 || back > this.steps.length) return undefined;
    let prefix = Infinity;
    let suffix = Infinity;
    for (let i = this.steps.length - back; i < this.steps.length; i++) {
      prefix = Math.min(prefix, this.steps[i]!.prefix);
      suffix = Math.min(suffix, this.steps[i]!.suffix);
    }
    return { prefix, suffix };
  }
}
