// Which YAML files are target-settings files, apart from the `scanTargets.files` globs:
// a first line that points yaml-language-server at our schema opts any YAML file in.

import type { Text } from './yaml';

const MODELINE = /^#\s*yaml-language-server:\s*\$schema=(\S*target-settings\.schema\.json)\s*$/;

export function hasSchemaModeline(text: Text): boolean {
  const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  // (Most files' first line is no comment: read no further.)
  if (text.charCodeAt(bom) !== 0x23 /* # */) return false;
  // Up to the first line break: `\n`, `\r\n` or a lone `\r`.
  let end = bom;
  while (end < text.length && text.charCodeAt(end) !== 0x0a && text.charCodeAt(end) !== 0x0d) end++;
  return MODELINE.test(text.slice(bom, end));
}
