// The whitelist-absolute-url fix: a whitelist entry that is an absolute URL on the target's own
// host (site.url, same port) is rewritten as its path and query.

import { isScalar } from 'yaml';
import type { ParsedFile } from '../yaml/parsedFile';
import { nodeAtPath, nodeRange } from '../yaml/nodes';
import type { DiagnosticLike, Draft } from './codeActionTypes';
import type { Target } from './fixTarget';
import { scalarLike, textOf } from './fixText';

export function makeRelative(file: ParsedFile, d: DiagnosticLike, t: Target): Draft[] {
  const found = t.path.length > 0 ? nodeAtPath(t.doc.document, t.path) : undefined;
  const node = found?.value;
  if (!isScalar(node) || typeof node.value !== 'string') return [];
  const range = nodeRange(node) ?? t.range;
  const siteUrl = nodeAtPath(t.doc.document, ['site', 'url'])?.value;
  if (!isScalar(siteUrl) || typeof siteUrl.value !== 'string') return [];
  const relative = relativeOnHost(node.value, siteUrl.value);
  if (relative === undefined) return [];
  return [
    {
      title: `Make relative: \`${relative}\``,
      diagnostic: d,
      diagnostics: [d],
      isPreferred: true,
      edits: [{ range, newText: scalarLike(textOf(file, range), relative) }],
    },
  ];
}

/** The path and query of `entry` when it is an absolute URL on `siteUrl`'s host (and port). */
export function relativeOnHost(entry: string, siteUrl: string): string | undefined {
  let target: URL;
  let site: URL;
  try {
    site = new URL(siteUrl);
    target = new URL(entry.startsWith('//') ? `${site.protocol}${entry}` : entry);
  } catch {
    return undefined;
  }
  if (target.hostname.toLowerCase() !== site.hostname.toLowerCase() || effectivePort(target) !== effectivePort(site)) {
    return undefined;
  }
  return `${target.pathname || '/'}${target.search}`;
}

function effectivePort(url: URL): string {
  if (url.port !== '') return url.port;
  return url.protocol === 'http:' ? '80' : url.protocol === 'https:' ? '443' : '';
}
