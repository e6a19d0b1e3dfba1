// How far the file indents one level, detected from its text: snippets and quick fixes write new
// lines with the same step. Separate from completion because the quick fixes use it too.

import type { Text } from '../yaml/text';

/** The indentation step the file uses: the first indented content line's indentation (2 if none). */
export function detectIndentUnit(text: Text): number {
  // Only the lines that start with a space can tell, found by the native search for a line break
  // followed by one (`\n `, and `\r ` after a lone CR): not line by line, which reads a
  // megabyte-long line (a flow list of ids) character by character, nor by a multi-line regular
  // expression, which tries every character of it as a line start.
  let cr = text.indexOf('\r ');
  for (let start = 0; start !== -1 && start < text.length;) {
    let i = start;
    while (text.charCodeAt(i) === 0x20) i++;
    const c = text.charCodeAt(i);
    if (i > start && i < text.length && c !== 0x23 /* # */ && c !== 0x0a && c !== 0x0d) {
      const n = i - start;
      return n <= 8 ? n : 2;
    }
    if (cr !== -1 && cr < i) cr = text.indexOf('\r ', i);
    const lf = text.indexOf('\n ', i);
    const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
    start = end === -1 ? -1 : end + 1;
  }
  return 2;
}
