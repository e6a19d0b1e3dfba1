// How far the file indents one level, detected from its text: snippets and quick fixes write new
// lines with the same step. Separate from completion because the quick fixes use it too.

import type { Text } from '../yaml/text';

/** The indentation step the file uses: the first indented content line's indentation (2 if none). */
export function detectIndentUnit(text: Text): number {
  // Line by line, not by a multi-line regular expression: that one tries every character of a
  // megabyte-long line (a flow list of ids) as a line start.
  for (let start = 0; start < text.length;) {
    let i = start;
    while (text.charCodeAt(i) === 0x20) i++;
    const c = text.charCodeAt(i);
    if (i > start && i < text.length && c !== 0x23 /* # */ && c !== 0x0a && c !== 0x0d) {
      const n = i - start;
      return n <= 8 ? n : 2;
    }
    const lf = text.indexOf('\n', i);
    const cr = text.indexOf('\r', i);
    const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
    if (end === -1) break;
    start = end + 1;
  }
  return 2;
}
