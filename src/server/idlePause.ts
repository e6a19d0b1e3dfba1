// What the server does when the user pauses: gives memory back. A file of many small documents
// keeps the `yaml` document and value of each one read with its nodes (one that holds a
// placeholder, or that was read again for a finding or the outline: FileParseOptions.valuesFirst),
// with 100,000 such documents four fifths of what the server holds, and nothing reads them while
// the user types or reads elsewhere: the checks, lenses, outline and folding keep what they found
// in each. Once the server has parsed nothing for a second they are dropped, read again from their
// text when a feature asks
// (LanguageService.dropDocuments), and where the host can, collected there and then: left to V8,
// they held their pages until the heap had grown by a fifth again (nodeHost.ts), hundreds of
// megabytes for as long as the file stayed open.
import type { Clock } from '../core/clock';

/** How long the server parses nothing before it drops what nobody reads. */
export const QUIET_MS = 1000;

/**
 * Least text whose documents were dropped that is worth a full collection (about 30 times as many
 * bytes of nodes): it pauses the server for as long as its heap takes to compact, 0.2 s with
 * 100,000 documents open, so the few documents a pause in typing drops wait for the next.
 */
export const COLLECT_FROM = 1024 * 1024;

export class IdlePause {
  /** Characters of text whose documents were dropped since the last collection. */
  private dropped = 0;
  private cancel: (() => void) | undefined;
  /** Whether the drop is due as soon as the work under way is done (see {@link checked}). */
  private soon = false;

  /**
   * @param drop drops what nobody reads, and says how many characters of text it was read from
   * @param collect collects garbage, all of it (none where the host cannot)
   */
  constructor(
    private readonly drop: () => number,
    private readonly collect: (() => void) | undefined,
    private readonly clock: Clock,
  ) {}

  /** A parse was asked for: the pause starts again once the work it is part of is done. */
  parsed(): void {
    if (!this.soon) this.waitForQuiet();
  }

  private waitForQuiet(): void {
    this.cancel?.();
    // (A timer of no delay fires once the work under way is done: the pause counts from there, not
    // from the parse. The first read of a file of 10,000 documents and its checks take longer.)
    this.cancel = this.clock.setTimer(0, () => {
      this.cancel = this.clock.setTimer(QUIET_MS, () => this.quiet());
    });
  }

  /**
   * The checks of a version whose parse read `characters` of text are done. After a large read (an
   * open, a paste), what was read for them is dropped, and collected, as soon as the work under way
   * is done rather than after a pause the user may not make: typing right after the open of a file
   * of 100,000 small documents kept their values (a third of what the server held) until then. A
   * full collection then: 30-40 ms, after an open of more than a second. And once more when the
   * server is quiet, as after any parse: what the work around the read still held then (its
   * answer, being written) is garbage by that time.
   */
  checked(characters: number): void {
    if (characters < COLLECT_FROM || this.soon) return;
    this.cancel?.();
    this.soon = true;
    this.cancel = this.clock.setTimer(0, () => {
      this.soon = false;
      // Once more when quiet only after a collection here: a keystroke in a long document reads as
      // much as an open, drops nothing, and must not pay a collection (it did: 2 -> 25 ms).
      if (this.dropAndCollect(false)) this.collectWhenQuiet = true;
      this.waitForQuiet();
    });
  }

  /** Whether the next pause collects, whatever it drops (see {@link checked}). */
  private collectWhenQuiet = false;

  private quiet(): void {
    this.cancel = undefined;
    this.dropAndCollect(this.collectWhenQuiet);
  }

  /** Drops what nobody reads; collects if that makes {@link COLLECT_FROM} since the last collection, or `always`. Says whether it collected. */
  private dropAndCollect(always: boolean): boolean {
    this.dropped += this.drop();
    if (this.collect === undefined || (this.dropped < COLLECT_FROM && !always)) return false;
    this.dropped = 0;
    this.collectWhenQuiet = false;
    this.collect();
    return true;
  }
}
