// Parse results per open file and version, so the validation, completion, hover and code-action
// requests on one unchanged version share one parse, and a new version re-parses only the
// documents whose text changed.

import { parseFile } from './parse';
import type { ParsedFile } from './parsedFile';
import type { TextChange } from './textChange';

interface Entry {
  readonly version: number;
  /** The text as given (the parse's text has each lone `\r` read as `\n`). */
  readonly source: string;
  readonly file: ParsedFile;
}

/** A bounded map `uri -> latest parse`. Pure: no timers, no file system. */
export class ParseCache {
  private readonly entries = new Map<string, Entry>();

  /** @param maxFiles most files kept; the least recently used one is dropped first. */
  constructor(private readonly maxFiles = 32) {
    if (!(maxFiles >= 1)) {
      throw new RangeError('ParseCache needs room for at least one file');
    }
  }

  /**
   * The parse of `text`, the content of `uri` at `version`. The same (uri, version, text) returns
   * the same object; a new version of a known uri re-uses its unchanged documents. `change`: where
   * `text` differs from the text of the last call for `uri`, when the caller knows (from the
   * editor's change events); it spares comparing the two texts.
   */
  get(uri: string, version: number, text: string, change?: TextChange): ParsedFile {
    const entry = this.entries.get(uri);
    if (entry !== undefined) {
      this.entries.delete(uri); // re-inserted below: most recently used last
      if (entry.version === version && entry.source === text) {
        this.entries.set(uri, entry);
        return entry.file;
      }
    }
    const file = parseFile(text, entry?.file, change);
    this.entries.set(uri, { version, source: text, file });
    while (this.entries.size > this.maxFiles) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    return file;
  }

  /** The cached parse of `uri` at exactly `version`, without parsing. */
  peek(uri: string, version: number): ParsedFile | undefined {
    const entry = this.entries.get(uri);
    return entry !== undefined && entry.version === version ? entry.file : undefined;
  }

  /** Forgets a file (call when its document is closed). */
  delete(uri: string): void {
    this.entries.delete(uri);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
