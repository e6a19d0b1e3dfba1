// Text helpers the value-replacing fixes share: the source text a fix replaces, and a new value
// written in that text's quoting style, so a fix keeps the file's `"…"` or `'…'` as it was.

import type { OffsetRange } from '../yaml/parsedDocument';
import type { ParsedFile } from '../yaml/parsedFile';
import { yamlScalar } from './snippet';

export function textOf(file: ParsedFile, r: OffsetRange): string {
  return file.source.slice(r.start, r.end);
}

/** `value` written as a scalar in the quoting style of `source` (the text it replaces). */
export function scalarLike(source: string, value: unknown): string {
  if (typeof value === 'string') {
    if (source.startsWith('"')) return JSON.stringify(value);
    if (source.startsWith("'")) return `'${value.replace(/'/g, "''")}'`;
  }
  return yamlScalar(value);
}
