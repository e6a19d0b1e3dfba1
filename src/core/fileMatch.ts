// Which YAML files are target-settings files, apart from the `scanTargets.files` globs:
// a first line that points yaml-language-server at our schema opts any YAML file in.

const MODELINE = /^#\s*yaml-language-server:\s*\$schema=(\S*target-settings\.schema\.json)\s*$/;

export function hasSchemaModeline(text: string): boolean {
  // Up to the first line break: `\n`, `\r\n` or a lone `\r`.
  const end = text.search(/[\r\n]/);
  const firstLine = (end === -1 ? text : text.slice(0, end)).replace(/^\uFEFF/, '');
  return MODELINE.test(firstLine);
}
