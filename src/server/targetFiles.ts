// Which open documents are target-settings files: a path matching one of the `scanTargets.files`
// globs (as an absolute path, or relative to a workspace folder), or a first line that points
// yaml-language-server at our schema. Other documents get no diagnostics and no assistance.
import { minimatch } from 'minimatch';
import { URI } from 'vscode-uri';
import { hasSchemaModeline } from '../core/fileMatch';
import type { Text } from '../core/yaml';

export class TargetFiles {
  constructor(
    private patterns: readonly string[],
    private folders: readonly string[] = [],
  ) {}

  update(patterns: readonly string[], folders: readonly string[] = this.folders): void {
    this.patterns = patterns;
    this.folders = folders;
  }

  matches(uri: string, text: Text): boolean {
    return this.matchesPath(uri) || hasSchemaModeline(text);
  }

  private matchesPath(uri: string): boolean {
    const path = URI.parse(uri).path;
    const candidates = [path];
    for (const folder of this.folders) {
      const base = URI.parse(folder).path.replace(/\/?$/, '/');
      if (path.startsWith(base)) candidates.push(path.slice(base.length));
    }
    return this.patterns.some((pattern) => candidates.some((p) => minimatch(p, pattern, { dot: true })));
  }
}
