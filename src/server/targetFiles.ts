// Which open documents are target-settings files: a path matching one of the `scanTargets.files`
// globs (as an absolute path, or relative to a workspace folder), or a first line that points
// yaml-language-server at our schema. Other documents get no diagnostics and no assistance.
import { Minimatch } from 'minimatch';
import { URI } from 'vscode-uri';
import { hasSchemaModeline } from '../core/fileMatch';
import type { Text } from '../core/yaml';

export class TargetFiles {
  /**
   * The globs, compiled when given. (Every request of every keystroke asks whether its document is
   * one: compiling them and parsing the uri each time was 2.5 ms of the first keystrokes after an
   * open, before V8 had compiled minimatch's own code.)
   */
  private globs: Minimatch[] = [];
  /** Whether each uri asked about has a matching path, until the globs or the folders change. */
  private readonly pathMatches = new Map<string, boolean>();

  constructor(
    patterns: readonly string[],
    private folders: readonly string[] = [],
  ) {
    this.update(patterns, folders);
  }

  update(patterns: readonly string[], folders: readonly string[] = this.folders): void {
    this.globs = patterns.map((pattern) => new Minimatch(pattern, { dot: true }));
    this.folders = folders;
    this.pathMatches.clear();
  }

  matches(uri: string, text: Text): boolean {
    return this.matchesPath(uri) || hasSchemaModeline(text);
  }

  /** Forgets what was found of `uri` (closed). */
  forget(uri: string): void {
    this.pathMatches.delete(uri);
  }

  private matchesPath(uri: string): boolean {
    let matches = this.pathMatches.get(uri);
    if (matches === undefined) {
      const path = URI.parse(uri).path;
      const candidates = [path];
      for (const folder of this.folders) {
        const base = URI.parse(folder).path.replace(/\/?$/, '/');
        if (path.startsWith(base)) candidates.push(path.slice(base.length));
      }
      matches = this.globs.some((glob) => candidates.some((p) => glob.match(p)));
      this.pathMatches.set(uri, matches);
    }
    return matches;
  }
}
